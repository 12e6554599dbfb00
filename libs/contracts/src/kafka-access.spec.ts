import { kafkaAccessOf } from './kafka-access';

describe('kafkaAccessOf', () => {
  it('lets each service write only its own topics and the dead letters of what it reads', () => {
    expect(kafkaAccessOf('booking-service')).toEqual({
      write: ['booking.v1', 'series.v1', 'payment.v1.dlq', 'refund.v1.dlq'],
      read: ['payment.v1', 'refund.v1'],
      group: 'booking-service',
    });
    expect(kafkaAccessOf('payment-service')).toEqual({ write: ['payment.v1'], read: [] });
    expect(kafkaAccessOf('refund-service')).toEqual({
      write: ['refund.v1', 'booking.v1.dlq'],
      read: ['booking.v1'],
      group: 'refund-service',
    });
    expect(kafkaAccessOf('notification-service').write).toEqual([
      'notification.v1',
      'booking.v1.dlq',
      'refund.v1.dlq',
      'series.v1.dlq',
    ]);
  });
});
