import type { MigrationClass } from '@booking/db';
import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import { CreateRefund1764000000100 } from './1764000000100-create-refund';

/** In order; a committed migration is never edited, only followed by a new one. */
export const refundMigrations: MigrationClass[] = [...OUTBOX_MIGRATIONS, CreateRefund1764000000100];
