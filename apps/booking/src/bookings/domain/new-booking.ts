import { randomUUID } from 'node:crypto';
import type { Caller, CreateBookingRequest } from '@booking/contracts';
import type { Resource } from '../../resources/domain/resource';
import type { Booking } from './booking';
import type { HoldPlan } from './hold-plan';

/** A new booking from a checked plan; a series occurrence also carries its series and RECURRENCE-ID. */
export function newBooking(
  plan: Pick<HoldPlan, 'period' | 'blocked' | 'timeZone' | 'status' | 'holdExpiresAt'>,
  resource: Resource,
  caller: Caller,
  request: Pick<CreateBookingRequest, 'contact'>,
  now: Date,
  occurrence: { seriesId: string; recurrenceId: Date } | null = null,
): Booking {
  return {
    bookingId: randomUUID(),
    resourceId: resource.resourceId,
    customerId: caller.userId,
    status: plan.status,
    period: plan.period,
    blocked: plan.blocked,
    timeZone: plan.timeZone,
    holdExpiresAt: plan.holdExpiresAt,
    depositAmount: resource.depositAmount,
    paidAmount: 0,
    paymentTxnId: null,
    currency: resource.currency,
    refundAmount: null,
    refundStatus: null,
    rescheduleCount: 0,
    termsStart: plan.period.start,
    seriesId: occurrence?.seriesId ?? null,
    recurrenceId: occurrence?.recurrenceId ?? null,
    contact: request.contact ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
