import type { MigrationClass } from '@booking/db';
import { AddOutboxQuietLease1764000001000, CreateOutboxAndInbox1764000000000 } from '@booking/outbox';
import { CreateResource1764000000100 } from './1764000000100-create-resource';
import { CreateBooking1764000000200 } from './1764000000200-create-booking';
import { AddPaymentTxn1764000000300 } from './1764000000300-add-payment-txn';
import { CreateSeries1764000000400 } from './1764000000400-create-series';

/** In order; a committed migration is never edited, only followed by a new one. */
export const bookingMigrations: MigrationClass[] = [
  CreateOutboxAndInbox1764000000000,
  CreateResource1764000000100,
  CreateBooking1764000000200,
  AddPaymentTxn1764000000300,
  CreateSeries1764000000400,
  AddOutboxQuietLease1764000001000,
];
