import { parseCloudEvent, toCloudEvent } from './cloud-event';

describe('CloudEvent envelope', () => {
  const event = toCloudEvent(
    { type: 'booking.confirmed', subject: 'bk_1', data: { bookingId: 'bk_1' } },
    { id: '6f1c', source: 'booking-service', time: new Date('2026-01-10T02:01:07.123Z') },
  );

  it('writes RFC 3339 UTC time without milliseconds', () => {
    expect(event.time).toBe('2026-01-10T02:01:07Z');
  });

  it('round-trips through JSON', () => {
    expect(parseCloudEvent(JSON.stringify(event))).toEqual(event);
  });

  it('rejects a value that is not an envelope', () => {
    expect(() => parseCloudEvent('{"type":"x"}')).toThrow('not a CloudEvents 1.0 envelope');
    expect(() => parseCloudEvent(JSON.stringify({ ...event, subject: '' }))).toThrow('without subject');
  });
});
