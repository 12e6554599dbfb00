import type { MigrationClass } from '@booking/db';
import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import { CreateNotification1764000000100 } from './1764000000100-create-notification';
import { AddSnapshotVersion1764000000200 } from './1764000000200-add-snapshot-version';
import { CreateCalendarSync1764000000300 } from './1764000000300-create-calendar-sync';
import { AddSeriesSync1764000000400 } from './1764000000400-add-series-sync';
import { AddCalendarSequence1764000000500 } from './1764000000500-add-calendar-sequence';
import { AddSeriesPolicies1764000000600 } from './1764000000600-add-series-policies';
import { AddSeriesMessages1764000000700 } from './1764000000700-add-series-messages';

/** In order; a committed migration is never edited, only followed by a new one. */
export const notificationMigrations: MigrationClass[] = [
  ...OUTBOX_MIGRATIONS,
  CreateNotification1764000000100,
  AddSnapshotVersion1764000000200,
  CreateCalendarSync1764000000300,
  AddSeriesSync1764000000400,
  AddCalendarSequence1764000000500,
  AddSeriesPolicies1764000000600,
  AddSeriesMessages1764000000700,
];
