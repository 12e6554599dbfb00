import { toCloudEvent, type KnownEvent } from '@booking/contracts';
import { orderOf } from './refund-order';

// Only the fields orderOf reads: the subscription has parsed the rest before it is called.
const event = (type: string, data: Record<string, unknown>) =>
  toCloudEvent(
    { type, subject: 'b1', data: { bookingId: 'b1', currency: 'VND', ...data } },
    { id: 'e1', source: 'booking-service', time: new Date('2026-12-01T00:00:00Z') },
  ) as unknown as KnownEvent;

describe('orderOf', () => {
  it('reads a refund request', () => {
    expect(
      orderOf(event('refund.requested', { txnId: 'pi_1', amount: 500, reason: 'hold_expired' })),
    ).toEqual({
      bookingId: 'b1',
      txnId: 'pi_1',
      amount: 500,
      currency: 'VND',
      reason: 'hold_expired',
    });
  });

  it('reads a paid cancellation as a refund of its refundAmount against the confirming payment', () => {
    expect(orderOf(event('booking.cancelled', { paymentTxnId: 'pi_1', refundAmount: 250 }))).toMatchObject({
      txnId: 'pi_1',
      amount: 250,
      reason: 'cancelled',
    });
  });

  it('asks nothing of a cancel that refunds 0, an unpaid one, or another event type', () => {
    expect(orderOf(event('booking.cancelled', { paymentTxnId: 'pi_1', refundAmount: 0 }))).toBeUndefined();
    expect(orderOf(event('booking.cancelled', { paymentTxnId: null, refundAmount: 0 }))).toBeUndefined();
    expect(orderOf(event('booking.confirmed', { paymentTxnId: 'pi_1', refundAmount: 5 }))).toBeUndefined();
  });
});
