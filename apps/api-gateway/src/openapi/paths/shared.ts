import { rescheduleBookingSchema } from '@booking/contracts';
import { type OperationSpec } from '../openapi-builder';

/** What any request naming a period can be refused with: the time rules and the resource's own. */
export const PERIOD_ERRORS = [
  'nonexistent_local_time',
  'ambiguous_local_time',
  'offset_mismatch',
  'invalid_time_zone',
  'end_before_start',
  'too_long',
  'too_short_notice',
  'outside_business_hours',
] as const;

/** A booking moved, on its own or as one occurrence of a series: the same use case answers both. */
export const RESCHEDULE: Pick<OperationSpec, 'body' | 'success' | 'errors'> = {
  body: rescheduleBookingSchema,
  success: {
    status: 200,
    description: 'The moved booking',
    schema: { $ref: '#/components/schemas/Booking' },
  },
  errors: [
    'validation_failed',
    'not_found',
    'invalid_transition',
    'slot_unavailable',
    'reschedule_limit',
    'customer_restricted',
    ...PERIOD_ERRORS,
  ],
};

export const page = (ref: string) => ({
  type: 'object',
  required: ['data', 'nextCursor'],
  properties: { data: { type: 'array', items: { $ref: ref } }, nextCursor: { type: ['string', 'null'] } },
});
