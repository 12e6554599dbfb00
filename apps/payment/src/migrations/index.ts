import type { MigrationClass } from '@booking/db';
import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import { CreatePayment1764000000100 } from './1764000000100-create-payment';
import { AddWebhookProblem1764000000200 } from './1764000000200-add-webhook-problem';
import { AddPaymentPaidAt1764000000300 } from './1764000000300-add-payment-paid-at';

/** In order; a committed migration is never edited, only followed by a new one. */
export const paymentMigrations: MigrationClass[] = [
  ...OUTBOX_MIGRATIONS,
  CreatePayment1764000000100,
  AddWebhookProblem1764000000200,
  AddPaymentPaidAt1764000000300,
];
