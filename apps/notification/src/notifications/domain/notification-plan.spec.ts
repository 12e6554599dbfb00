import { bookingSnapshot } from './booking-snapshot.fixture';
import { planFor } from './notification-plan';

const booking = bookingSnapshot;

describe('planFor', () => {
  it('confirms at once and reminds 24 h (email) and 2 h (SMS) before the start, in absolute time', () => {
    const now = new Date('2026-10-18T09:00:00Z');
    expect(planFor('booking.confirmed', booking(), now)).toEqual({
      send: [{ kind: 'confirmation', scheduledFor: now }],
      reminders: {
        reminder_24h: new Date('2026-10-20T14:00:00Z'),
        reminder_2h: new Date('2026-10-21T12:00:00Z'),
      },
    });
  });

  it('does not schedule a reminder whose time has passed: 3 h ahead gets only the 2 h SMS', () => {
    const plan = planFor('booking.confirmed', booking(), new Date('2026-10-21T11:00:00Z'));
    expect(plan.reminders).toEqual({ reminder_24h: null, reminder_2h: new Date('2026-10-21T12:00:00Z') });
  });

  it('sends only where the contact can be reached', () => {
    const now = new Date('2026-10-18T09:00:00Z');
    const noPhone = planFor('booking.confirmed', booking({ contact: { email: 'a@example.com' } }), now);
    expect(noPhone.reminders?.reminder_2h).toBeNull();
    expect(noPhone.reminders?.reminder_24h).not.toBeNull();
    const noContact = planFor('booking.confirmed', booking({ contact: null }), now);
    expect(noContact).toEqual({ send: [], reminders: { reminder_24h: null, reminder_2h: null } });
  });

  it('moves the reminders of a rescheduled confirmed booking and tells the customer', () => {
    const now = new Date('2026-10-18T09:00:00Z');
    const moved = booking({ start: new Date('2026-10-25T10:00:00Z'), end: new Date('2026-10-25T12:00:00Z') });
    expect(planFor('booking.rescheduled', moved, now)).toEqual({
      send: [{ kind: 'rescheduled', scheduledFor: now }],
      reminders: {
        reminder_24h: new Date('2026-10-24T10:00:00Z'),
        reminder_2h: new Date('2026-10-25T08:00:00Z'),
      },
    });
  });

  it('leaves a rescheduled hold alone: nothing was confirmed to it yet', () => {
    expect(
      planFor('booking.rescheduled', booking({ status: 'HOLD' }), new Date('2026-10-18T09:00:00Z')),
    ).toEqual({
      send: [],
    });
  });

  it('drops the reminders of a cancelled booking and sends a cancellation', () => {
    const now = new Date('2026-10-19T09:00:00Z');
    expect(planFor('booking.cancelled', booking({ status: 'CANCELLED' }), now)).toEqual({
      send: [{ kind: 'cancellation', scheduledFor: now }],
      reminders: { reminder_24h: null, reminder_2h: null },
    });
  });

  it.each(['booking.expired', 'booking.no_show', 'booking.completed', 'booking.checked_in'])(
    'drops reminders on %s without a message',
    (type) => {
      const status = {
        'booking.expired': 'EXPIRED',
        'booking.no_show': 'NO_SHOW',
        'booking.completed': 'COMPLETED',
        'booking.checked_in': 'IN_PROGRESS',
      }[type];
      expect(planFor(type, booking({ status }), new Date('2026-10-19T09:00:00Z'))).toEqual({
        send: [],
        reminders: { reminder_24h: null, reminder_2h: null },
      });
    },
  );

  it('does nothing for a hold', () => {
    expect(planFor('booking.held', booking({ status: 'HOLD' }), new Date('2026-10-19T09:00:00Z'))).toEqual({
      send: [],
    });
  });

  describe('a series occurrence', () => {
    const now = new Date('2026-10-18T09:00:00Z');
    const occurrence = booking({ seriesId: 's1', recurrenceId: new Date('2026-10-21T14:00:00Z') });

    it('announces the series once, on the first occurrence confirmed, and reminds of each', () => {
      const first = planFor('booking.confirmed', occurrence, now, {
        series: { announced: false, cancelled: false },
      });
      expect(first.send).toEqual([{ kind: 'series_confirmation', scheduledFor: now }]);
      const later = planFor('booking.confirmed', occurrence, now, {
        series: { announced: true, cancelled: false },
      });
      expect(later.send).toEqual([]);
      expect(later.reminders?.reminder_24h).toEqual(new Date('2026-10-20T14:00:00Z'));
    });

    it('announces nothing of a series already cancelled', () => {
      const plan = planFor('booking.confirmed', occurrence, now, {
        series: { announced: false, cancelled: true },
      });
      expect(plan.send).toEqual([]);
    });

    it('sends nothing for an occurrence cancelled with its series, but drops its reminders', () => {
      const gone = booking({ ...occurrence, status: 'CANCELLED' });
      expect(planFor('booking.cancelled', gone, now, { scope: 'series' })).toEqual({
        send: [],
        reminders: { reminder_24h: null, reminder_2h: null },
      });
      expect(planFor('booking.cancelled', gone, now, { scope: 'booking' }).send).toEqual([
        { kind: 'cancellation', scheduledFor: now },
      ]);
    });
  });
});
