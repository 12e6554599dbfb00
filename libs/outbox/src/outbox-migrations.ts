import type { MigrationClass } from '@booking/db';
import { AddOutboxQuietLease1764000001000 } from './outbox-quiet.migration';
import { CreateOutboxAndInbox1764000000000 } from './outbox.migration';

/**
 * What every service's database needs for its outbox and inbox, in order. A service lists these
 * first, then its own: TypeORM runs whichever it has not run yet, in the order of their timestamps.
 */
export const OUTBOX_MIGRATIONS: MigrationClass[] = [
  CreateOutboxAndInbox1764000000000,
  AddOutboxQuietLease1764000001000,
];
