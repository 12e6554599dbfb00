import type { MigrationClass } from '@booking/db';
import { OUTBOX_MIGRATIONS } from '@booking/outbox';

/** In order; a committed migration is never edited, only followed by a new one. */
export const notificationMigrations: MigrationClass[] = [...OUTBOX_MIGRATIONS];
