import { z } from 'zod';
import { currencyCode, isoDate, minorUnits, minutes, opaqueId, pageQuery, timeZoneName } from './common';

const wallClock = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM between 00:00 and 24:00');

/** One opening, wall-clock `[from, to)` in the resource's zone. */
const opening = z
  .tuple([wallClock, wallClock])
  .refine(([from, to]) => from < to, { message: 'an opening must end after it starts' });

const openings = z.array(opening).max(12);

export const businessHoursSchema = z
  .object({
    weekly: z
      .object({ 0: openings, 1: openings, 2: openings, 3: openings, 4: openings, 5: openings, 6: openings })
      .partial()
      .strict(),
    overrides: z.record(isoDate, openings).default({}),
  })
  .strict();

const tier = z
  .object({
    minHoursBefore: z.number().int().min(0).max(8_760),
    refundPercent: z.number().int().min(0).max(100),
  })
  .strict();

export const cancellationPolicySchema = z
  .object({
    tiers: z
      .array(tier)
      .min(1)
      .max(20)
      .refine((tiers) => new Set(tiers.map((t) => t.minHoursBefore)).size === tiers.length, {
        message: 'each tier needs its own minHoursBefore',
      }),
    noShowAfterMinutes: minutes(1_440).default(30),
    maxReschedules: z.number().int().min(0).max(100).default(2),
  })
  .strict();

export const DEFAULT_CANCELLATION_POLICY: z.infer<typeof cancellationPolicySchema> = {
  tiers: [
    { minHoursBefore: 72, refundPercent: 100 },
    { minHoursBefore: 24, refundPercent: 50 },
    { minHoursBefore: 0, refundPercent: 0 },
  ],
  noShowAfterMinutes: 30,
  maxReschedules: 2,
};

/** One line of text: no line break or other control character, which calendars and emails would carry raw. */
const singleLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must be one line, without control characters');

/**
 * Which bookings of a resource count against each customer's hold limit (`HOLD_RATE_LIMIT` per
 * window), a series by the occurrences it holds: those that take a deposit (holds that keep a car
 * from others while unpaid), every one, or none.
 */
export const HOLD_LIMIT_COUNTS = ['deposit', 'all', 'none'] as const;

const resourceFields = {
  name: singleLine(200),
  kind: singleLine(50),
  city: singleLine(100),
  ownerId: opaqueId,
  timeZone: timeZoneName,
  bufferBeforeMinutes: minutes(10_080),
  bufferAfterMinutes: minutes(10_080),
  holdMinutes: z.number().int().min(1).max(1_440),
  depositAmount: minorUnits,
  currency: currencyCode,
  businessHours: businessHoursSchema.nullable(),
  slotMinutes: z.number().int().min(5).max(1_440).nullable(),
  minNoticeMinutes: minutes(525_600),
  cancellationPolicy: cancellationPolicySchema,
  holdLimit: z.enum(HOLD_LIMIT_COUNTS),
  attributes: z.record(z.string().max(100), z.unknown()),
};

export const createResourceSchema = z
  .object({
    ...resourceFields,
    bufferBeforeMinutes: resourceFields.bufferBeforeMinutes.default(0),
    bufferAfterMinutes: resourceFields.bufferAfterMinutes.default(0),
    holdMinutes: resourceFields.holdMinutes.default(15),
    depositAmount: resourceFields.depositAmount.default(0),
    businessHours: resourceFields.businessHours.default(null),
    slotMinutes: resourceFields.slotMinutes.default(null),
    minNoticeMinutes: resourceFields.minNoticeMinutes.default(0),
    cancellationPolicy: resourceFields.cancellationPolicy.default(DEFAULT_CANCELLATION_POLICY),
    holdLimit: resourceFields.holdLimit.default('deposit'),
    attributes: resourceFields.attributes.default({}),
  })
  .strict();

/** A partial update: what is absent stays as it was; `null` clears the nullable fields. */
export const updateResourceSchema = z
  .object(resourceFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one field to change' });

/** What a host may change on their own resource: when it can be booked, not what it costs. */
export const updateScheduleSchema = z
  .object({
    businessHours: resourceFields.businessHours,
    bufferBeforeMinutes: resourceFields.bufferBeforeMinutes,
    bufferAfterMinutes: resourceFields.bufferAfterMinutes,
    slotMinutes: resourceFields.slotMinutes,
    minNoticeMinutes: resourceFields.minNoticeMinutes,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one field to change' });

export const listResourcesQuery = pageQuery.extend({
  city: z.string().max(100).optional(),
  kind: z.string().max(50).optional(),
  /** One host's resources, as their page lists them. */
  ownerId: opaqueId.optional(),
});

export type CreateResourceRequest = z.infer<typeof createResourceSchema>;
export type UpdateResourceRequest = z.infer<typeof updateResourceSchema>;
export type UpdateScheduleRequest = z.infer<typeof updateScheduleSchema>;
export type ListResourcesQuery = z.infer<typeof listResourcesQuery>;
export type BusinessHours = z.infer<typeof businessHoursSchema>;
export type CancellationPolicy = z.infer<typeof cancellationPolicySchema>;
export type HoldLimitCounts = (typeof HOLD_LIMIT_COUNTS)[number];

export interface ResourceView extends CreateResourceRequest {
  resourceId: string;
  createdAt: string;
  updatedAt: string;
}

/** A resource as the API returns it (documentation and client typing). */
export const resourceViewSchema = createResourceSchema.extend({
  resourceId: z.string(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
