import { bookingSnapshot } from '../../notifications/domain/booking-snapshot.fixture';
import type { BookingSnapshot } from '../../notifications/domain/notification';
import { desiredEvent, googleEventId } from './google-event';

const booking = (overrides: Partial<BookingSnapshot> = {}): BookingSnapshot =>
  bookingSnapshot({
    bookingId: '7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11',
    start: new Date('2027-03-15T14:00:00Z'),
    end: new Date('2027-03-15T15:00:00Z'),
    contact: { email: 'guest@example.com', phone: '+12025550123' },
    version: 4,
    ...overrides,
  });
const LINK = 'https://api.example.com/v1/bookings/{bookingId}';

describe('googleEventId', () => {
  it.each(['7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11', 'a', 'Booking/Ü 1', 'x'.repeat(600)])(
    'is in Google’s alphabet and length for %s, and the same every time',
    (id) => {
      expect(googleEventId(id)).toMatch(/^[a-v0-9]{52}$/);
      expect(googleEventId(id)).toBe(googleEventId(id));
    },
  );

  it('tells different bookings apart', () => {
    expect(googleEventId('booking-1')).not.toBe(googleEventId('booking-2'));
    expect(googleEventId('ab')).not.toBe(googleEventId('ab\u0000'));
  });
});

describe('desiredEvent', () => {
  it('writes a confirmed booking in its resource’s zone, with its id, version and link, and no contact', () => {
    const desired = desiredEvent(booking(), LINK);
    expect(desired).toEqual({
      kind: 'present',
      event: {
        id: googleEventId('7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11'),
        status: 'confirmed',
        summary: 'Booking 7f1c2e0a',
        description:
          'Booking 7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11\nhttps://api.example.com/v1/bookings/7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11',
        start: { dateTime: '2027-03-15T10:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-15T11:00:00-04:00', timeZone: 'America/New_York' },
        extendedProperties: { private: { bookingId: '7f1c2e0a-5b8d-4c1e-9a3f-2d6b8e4f0c11', version: '4' } },
      },
    });
    expect(JSON.stringify(desired)).not.toMatch(/guest@example\.com|2025550123/);
  });

  it.each(['CANCELLED', 'EXPIRED', 'NO_SHOW', 'HOLD'])('shows nothing for a %s booking', (status) => {
    expect(desiredEvent(booking({ status }), LINK)).toEqual({
      kind: 'absent',
      id: googleEventId(booking().bookingId),
    });
  });

  it('keeps an event that is under way or done', () => {
    for (const status of ['IN_PROGRESS', 'COMPLETED'])
      expect(desiredEvent(booking({ status }), LINK).kind).toBe('present');
  });
});
