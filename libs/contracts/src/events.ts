/** The event types of docs/api.md and the topic each one travels on. */
export const EVENT_TOPIC = {
  'booking.held': 'booking.v1',
  'booking.confirmed': 'booking.v1',
  'booking.expired': 'booking.v1',
  'booking.cancelled': 'booking.v1',
  'booking.rescheduled': 'booking.v1',
  'booking.checked_in': 'booking.v1',
  'booking.completed': 'booking.v1',
  'booking.no_show': 'booking.v1',
  'refund.requested': 'booking.v1',
  'payment.succeeded': 'payment.v1',
  'refund.succeeded': 'refund.v1',
  'refund.failed': 'refund.v1',
  'notification.sent': 'notification.v1',
  // Keyed by the series: the occurrence it is about has no booking.
  'series.occurrence_conflict': 'series.v1',
  'series.changed': 'series.v1',
} as const;

export type EventType = keyof typeof EVENT_TOPIC;

export const EVENT_SOURCES = {
  booking: 'booking-service',
  payment: 'payment-service',
  refund: 'refund-service',
  notification: 'notification-service',
  series: 'booking-service',
} as const;
