import type { EventData } from './event-data';
import type { EventType } from './events';

// One example per event type, in the contract's words: the AsyncAPI document shows them, and a
// test parses each against its schema so they cannot drift from what producers write.

const booking = {
  bookingId: '7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11',
  resourceId: '3b9d6f2c-8e1a-4f7b-b2c5-9a0e1d3c5f77',
  customerId: 'customer-1',
  status: 'CONFIRMED',
  start: '2026-03-28T02:00:00Z',
  end: '2026-03-29T02:00:00Z',
  startLocal: '2026-03-28T09:00:00',
  endLocal: '2026-03-29T09:00:00',
  timeZone: 'Asia/Ho_Chi_Minh',
  blockedStart: '2026-03-28T02:00:00Z',
  blockedEnd: '2026-03-29T02:00:00Z',
  holdExpiresAt: null,
  depositAmount: 2_000_000,
  paidAmount: 2_000_000,
  paymentTxnId: 'pi_3NfV2eL',
  currency: 'VND',
  seriesId: null,
  recurrenceId: null,
  contact: { email: 'guest@example.com', locale: 'vi-VN', timeZone: 'Asia/Ho_Chi_Minh' },
  version: 2,
} satisfies EventData<'booking.confirmed'>;

const refund = {
  bookingId: booking.bookingId,
  txnId: booking.paymentTxnId,
  amount: 1_000_000,
  currency: 'VND',
};

export const EVENT_EXAMPLES: { [T in EventType]: EventData<T> } = {
  'booking.held': {
    ...booking,
    version: 1,
    status: 'HOLD',
    holdExpiresAt: '2026-03-20T10:15:00Z',
    paidAmount: 0,
    paymentTxnId: null,
  },
  'booking.confirmed': booking,
  'booking.expired': {
    ...booking,
    version: 2,
    status: 'EXPIRED',
    holdExpiresAt: '2026-03-20T10:15:00Z',
    paidAmount: 0,
    paymentTxnId: null,
  },
  'booking.cancelled': {
    ...booking,
    status: 'CANCELLED',
    version: 3,
    refundAmount: 1_000_000,
    refundPercent: 50,
    cancelledBy: 'customer',
    reason: 'plans changed',
  },
  'booking.rescheduled': {
    ...booking,
    version: 3,
    previousStart: '2026-03-27T02:00:00Z',
    previousEnd: '2026-03-28T02:00:00Z',
  },
  'booking.checked_in': { ...booking, status: 'IN_PROGRESS', version: 3 },
  'booking.completed': { ...booking, status: 'COMPLETED', version: 4 },
  'booking.no_show': { ...booking, status: 'NO_SHOW', version: 3 },
  'refund.requested': { ...refund, amount: 2_000_000, reason: 'hold_expired' },
  'payment.succeeded': {
    bookingId: booking.bookingId,
    txnId: booking.paymentTxnId,
    amount: 2_000_000,
    currency: 'VND',
    paidAt: '2026-03-20T10:07:12Z',
  },
  'refund.succeeded': { ...refund, refundId: 're_1Q2w3E' },
  'refund.failed': {
    ...refund,
    refundId: '0b6f4a1e-2c3d-4e5f-8a9b-1c2d3e4f5a6b',
    reason: 'card_closed',
    attempts: 5,
  },
  'notification.sent': {
    bookingId: booking.bookingId,
    kind: 'confirmation',
    channel: 'email',
    scheduledFor: '2026-03-20T10:07:13Z',
    sentAt: '2026-03-20T10:07:14Z',
  },
  'series.occurrence_conflict': {
    seriesId: 'c4e8a2b6-1d3f-4a5c-9e7b-0f2a4c6e8b1d',
    resourceId: booking.resourceId,
    customerId: 'customer-1',
    recurrenceId: '2026-09-02T01:00:00Z',
    start: '2026-09-02T01:00:00Z',
    end: '2026-09-02T02:00:00Z',
    reason: 'slot_unavailable',
  },
  'series.changed': {
    seriesId: 'c4e8a2b6-1d3f-4a5c-9e7b-0f2a4c6e8b1d',
    resourceId: booking.resourceId,
    customerId: 'customer-1',
    status: 'ACTIVE',
    rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=10',
    timeZone: 'Asia/Ho_Chi_Minh',
    startLocal: '2026-08-26T08:00:00',
    endLocal: '2026-08-26T09:00:00',
    cancelledRecurrences: ['2026-09-09T01:00:00Z'],
    conflictRecurrences: ['2026-09-02T01:00:00Z'],
    version: 3,
  },
};
