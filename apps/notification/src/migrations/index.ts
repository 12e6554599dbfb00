import type { MigrationClass } from '@booking/db';
import { AddOutboxQuietLease1764000001000, CreateOutboxAndInbox1764000000000 } from '@booking/outbox';

/** In order; a committed migration is never edited, only followed by a new one. */
export const notificationMigrations: MigrationClass[] = [
  CreateOutboxAndInbox1764000000000,
  AddOutboxQuietLease1764000001000,
];
