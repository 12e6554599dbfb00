import type { MigrationClass } from '@booking/db';
import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import { CreateResource1764000000100 } from './1764000000100-create-resource';
import { CreateBooking1764000000200 } from './1764000000200-create-booking';
import { AddPaymentTxn1764000000300 } from './1764000000300-add-payment-txn';
import { CreateSeries1764000000400 } from './1764000000400-create-series';
import { AddNoShowIndex1764000000500 } from './1764000000500-add-no-show-index';
import { AddCustomerStanding1764000000600 } from './1764000000600-add-customer-standing';
import { AddSeriesEnded1764000000700 } from './1764000000700-add-series-ended';
import { AddBookingTermsStart1764000000800 } from './1764000000800-add-booking-terms-start';
import { AddBookingVersion1764000000900 } from './1764000000900-add-booking-version';
import { CreateCalendarFeed1764000001000 } from './1764000001000-create-calendar-feed';
import { AddSeriesVersion1764000001100 } from './1764000001100-add-series-version';
import { StoreKeyOutcomes1764000001200 } from './1764000001200-store-key-outcomes';
import { AddResourceHoldLimit1764000001300 } from './1764000001300-add-resource-hold-limit';

/** In order; a committed migration is never edited, only followed by a new one. */
export const bookingMigrations: MigrationClass[] = [
  ...OUTBOX_MIGRATIONS,
  CreateResource1764000000100,
  CreateBooking1764000000200,
  AddPaymentTxn1764000000300,
  CreateSeries1764000000400,
  AddNoShowIndex1764000000500,
  AddCustomerStanding1764000000600,
  AddSeriesEnded1764000000700,
  AddBookingTermsStart1764000000800,
  AddBookingVersion1764000000900,
  CreateCalendarFeed1764000001000,
  AddSeriesVersion1764000001100,
  StoreKeyOutcomes1764000001200,
  AddResourceHoldLimit1764000001300,
];
