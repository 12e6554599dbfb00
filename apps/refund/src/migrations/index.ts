import type { MigrationClass } from '@booking/db';
import { AddOutboxQuietLease1764000001000, CreateOutboxAndInbox1764000000000 } from '@booking/outbox';
import { CreateRefund1764000000100 } from './1764000000100-create-refund';

/** In order; a committed migration is never edited, only followed by a new one. */
export const refundMigrations: MigrationClass[] = [
  CreateOutboxAndInbox1764000000000,
  CreateRefund1764000000100,
  AddOutboxQuietLease1764000001000,
];
