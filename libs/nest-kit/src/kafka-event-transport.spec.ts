import { assertConsumedAsDeclared } from './kafka-event-transport';

describe('assertConsumedAsDeclared', () => {
  it('lets a service start whose handlers read exactly the topics its Kafka user may read', () => {
    expect(() =>
      assertConsumedAsDeclared('refund-service', ['refund.requested', 'booking.cancelled'], ['booking.v1']),
    ).not.toThrow();
  });

  it('stops one with a handler of a topic its ACLs do not grant, or a grant no handler uses', () => {
    expect(() =>
      assertConsumedAsDeclared('refund-service', ['refund.requested', 'payment.succeeded'], ['booking.v1']),
    ).toThrow(
      'refund-service handles events of booking.v1, payment.v1, but CONSUMED_TOPICS (its Kafka ACLs) says booking.v1',
    );
    expect(() => assertConsumedAsDeclared('refund-service', [], ['booking.v1'])).toThrow(
      'handles events of no topic',
    );
  });
});
