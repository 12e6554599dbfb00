import type { MigrationClass } from '@booking/db';
import { AddOutboxQuietLease1764000001000, CreateOutboxAndInbox1764000000000 } from '@booking/outbox';
import { CreatePayment1764000000100 } from './1764000000100-create-payment';

/** In order; a committed migration is never edited, only followed by a new one. */
export const paymentMigrations: MigrationClass[] = [
  CreateOutboxAndInbox1764000000000,
  CreatePayment1764000000100,
  AddOutboxQuietLease1764000001000,
];
