import { expectEventually } from '@booking/testing';
import { Client, platformForSuite, readJson, type Json } from './fixtures';
import type { RunningPlatform } from './platform';

const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'];
const openEveryDay = (from: string, to: string) => ({
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, [[from, to]]])),
  overrides: {},
});

describe('business hours, slots and reschedule through the gateway', () => {
  const suite = platformForSuite('2026-02-01T00:00:00Z');
  let platform: RunningPlatform;
  let admin: Client;
  beforeAll(() => {
    ({ platform, admin } = suite);
  });

  const clinician = (overrides: Json = {}) =>
    admin.createResource({
      name: 'Dr. Nguyen',
      kind: 'clinician',
      city: 'NYC',
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
      businessHours: openEveryDay('09:00', '17:00'),
      slotMinutes: 30,
      ...overrides,
    });

  async function slots(viewer: Client, resourceId: string, query: string): Promise<Json[]> {
    const response = await viewer.send('GET', `/v1/resources/${resourceId}/slots?${query}`);
    expect(response.status).toBe(200);
    return (await readJson(response))['data'] as Json[];
  }

  it('lists 16 half-hour slots for 09:00–17:00 on the New York DST days, UTC shifting by an hour, viewed from Tokyo', async () => {
    const doctor = await clinician();
    const viewer = await Client.as(platform, 'customer');
    const week = await slots(
      viewer,
      doctor['resourceId'],
      'from=2026-03-06&to=2026-03-10&durationMinutes=30&timeZone=Asia/Tokyo',
    );
    const byNewYorkDay = new Map<string, Json[]>();
    for (const slot of week) {
      const day = new Date(slot['start']).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      byNewYorkDay.set(day, [...(byNewYorkDay.get(day) ?? []), slot]);
    }
    for (const [day, firstUtc] of [
      ['2026-03-07', '2026-03-07T14:00:00Z'],
      ['2026-03-08', '2026-03-08T13:00:00Z'],
    ] as const) {
      const daySlots = byNewYorkDay.get(day)!;
      expect(daySlots).toHaveLength(16);
      expect(daySlots[0]).toMatchObject({ start: firstUtc });
    }
    expect(byNewYorkDay.get('2026-03-07')![0]!['startLocal']).toBe('2026-03-07T23:00:00+09:00');
    expect(byNewYorkDay.get('2026-03-08')![0]!['startLocal']).toBe('2026-03-08T22:00:00+09:00');
    // Around the fall-back too: 16 each day, the first at 13:00Z (EDT) and then 14:00Z (EST).
    const fall = await slots(
      viewer,
      doctor['resourceId'],
      'from=2026-10-31&to=2026-11-01&durationMinutes=30&timeZone=America/New_York',
    );
    expect(fall).toHaveLength(32);
    expect([fall[0]!['start'], fall[16]!['start']]).toEqual(['2026-10-31T13:00:00Z', '2026-11-01T14:00:00Z']);
  });

  it('gives the right UTC openings for 09:00–18:00 Shanghai and 09:00–17:00 New York on both sides of each change (ACCEPTANCE 8)', async () => {
    const shanghai = await clinician({
      timeZone: 'Asia/Shanghai',
      businessHours: openEveryDay('09:00', '18:00'),
      slotMinutes: 60,
    });
    const newYork = await clinician({ slotMinutes: 60 });
    const viewer = await Client.as(platform, 'customer');
    const firstAndLast = async (resourceId: string, date: string) => {
      const day = await slots(viewer, resourceId, `from=${date}&to=${date}&durationMinutes=60`);
      return [day[0]!['start'], day.at(-1)!['end']];
    };
    for (const date of ['2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02'])
      expect(await firstAndLast(shanghai['resourceId'], date)).toEqual([
        `${date}T01:00:00Z`,
        `${date}T10:00:00Z`,
      ]);
    expect(await firstAndLast(newYork['resourceId'], '2026-03-07')).toEqual([
      '2026-03-07T14:00:00Z',
      '2026-03-07T22:00:00Z',
    ]);
    expect(await firstAndLast(newYork['resourceId'], '2026-03-09')).toEqual([
      '2026-03-09T13:00:00Z',
      '2026-03-09T21:00:00Z',
    ]);
    expect(await firstAndLast(newYork['resourceId'], '2026-10-31')).toEqual([
      '2026-10-31T13:00:00Z',
      '2026-10-31T21:00:00Z',
    ]);
    expect(await firstAndLast(newYork['resourceId'], '2026-11-02')).toEqual([
      '2026-11-02T14:00:00Z',
      '2026-11-02T22:00:00Z',
    ]);
  });

  it('lists exactly the slots a hold would get: a booked slot (with its buffer) disappears, and holding outside hours is refused', async () => {
    const doctor = await clinician({ bufferAfterMinutes: 15 });
    const patient = await Client.as(platform, 'customer');
    const query = 'from=2026-04-06&to=2026-04-06&durationMinutes=30';
    const before = await slots(patient, doctor['resourceId'], query);
    expect(before).toHaveLength(16);
    const held = await patient.hold({
      resourceId: doctor['resourceId'],
      start: '2026-04-06T10:00:00',
      end: '2026-04-06T10:30:00',
    });
    expect(held.status).toBe(201);
    const after = (await slots(patient, doctor['resourceId'], query)).map((slot) =>
      slot['startLocal'].slice(11, 16),
    );
    // 10:00 is taken, and with 15 minutes after each booking 09:30 and 10:30 clash too.
    expect(after).not.toContain('10:00');
    expect(after).not.toContain('09:30');
    expect(after).not.toContain('10:30');
    expect(after).toHaveLength(13);
    const outside = await patient.hold({
      resourceId: doctor['resourceId'],
      start: '2026-04-06T16:45:00',
      end: '2026-04-06T17:15:00',
    });
    expect(outside.status).toBe(422);
    expect((await readJson(outside))['code']).toBe('outside_business_hours');
  });

  it('blocks a 30-minute before-buffer: refuses a booking ending in it and lists no slot reaching it', async () => {
    const doctor = await clinician({ bufferBeforeMinutes: 30 });
    const at = (from: string, to: string) => ({
      resourceId: doctor['resourceId'],
      timeZone: 'America/New_York',
      start: `2026-03-16T${from}:00`,
      end: `2026-03-16T${to}:00`,
    });
    const booked = await (await Client.as(platform, 'customer')).holdOk(at('11:00', '12:00'));
    expect(booked).toMatchObject({
      blockedStart: '2026-03-16T14:30:00Z',
      blockedEnd: '2026-03-16T16:00:00Z',
    });
    const viewer = await Client.as(platform, 'customer');
    const starts = (
      await slots(viewer, doctor['resourceId'], 'from=2026-03-16&to=2026-03-16&durationMinutes=60')
    ).map((slot) => (slot['startLocal'] as string).slice(11, 16));
    // 10:00 would end inside 10:30–11:00; 12:00's own before-buffer would start at 11:30, inside the booking.
    expect(starts).toEqual([
      '09:00',
      '09:30',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect((await viewer.hold(at('09:45', '10:45'))).status).toBe(409);
    expect((await viewer.hold(at('12:00', '12:30'))).status).toBe(409);
    expect((await viewer.hold(at('09:30', '10:30'))).status).toBe(201);
  });

  it('leaves out slots inside the minimum notice and refuses such holds with too_short_notice', async () => {
    const doctor = await clinician({ minNoticeMinutes: 24 * 60 });
    const patient = await Client.as(platform, 'customer');
    // The platform clock is 2026-02-01T00:00Z = Jan 31 19:00 New York: Feb 1 is inside the notice until 19:00.
    const feb1 = await slots(
      patient,
      doctor['resourceId'],
      'from=2026-02-01&to=2026-02-02&durationMinutes=30',
    );
    expect(feb1.map((slot) => slot['startLocal'].slice(0, 10))).toEqual(Array(16).fill('2026-02-02'));
    const soon = await patient.hold({
      resourceId: doctor['resourceId'],
      start: '2026-02-01T10:00:00',
      end: '2026-02-01T10:30:00',
    });
    expect((await readJson(soon))['code']).toBe('too_short_notice');
  });

  it('answers 4xx problem+json for bad slot queries', async () => {
    const doctor = await clinician();
    const viewer = await Client.as(platform, 'customer');
    for (const [query, status, code] of [
      ['from=2026-04-06&to=2026-04-05&durationMinutes=30', 422, 'end_before_start'],
      ['from=2026-04-06&to=2026-05-07&durationMinutes=30', 400, 'validation_failed'],
      ['from=2026-02-30&to=2026-03-02&durationMinutes=30', 400, 'validation_failed'],
      ['from=2026-13-01&to=2026-13-02&durationMinutes=30', 400, 'validation_failed'],
      ['from=2026-04-06&to=2026-04-06&durationMinutes=2', 400, 'validation_failed'],
      ['from=2026-04-06&to=2026-04-06&durationMinutes=30&timeZone=UTC%2B8', 422, 'invalid_time_zone'],
      ['from=yesterday&to=2026-04-06&durationMinutes=30', 400, 'validation_failed'],
    ] as const) {
      const response = await viewer.send('GET', `/v1/resources/${doctor['resourceId']}/slots?${query}`);
      expect([query, response.status, (await readJson(response))['code']]).toEqual([query, status, code]);
    }
    const unknown = await viewer.send(
      'GET',
      '/v1/resources/00000000-0000-4000-8000-000000000000/slots?from=2026-04-06&to=2026-04-06&durationMinutes=30',
    );
    expect(unknown.status).toBe(404);
  });

  it('files a booking across midnight under its start date, ending the next day (ACCEPTANCE 1)', async () => {
    const car = await admin.createResource({ timeZone: 'Asia/Ho_Chi_Minh' });
    const customer = await Client.as(platform, 'customer');
    const booking = await customer.holdOk({
      resourceId: car['resourceId'],
      start: '2026-05-10T23:30:00',
      end: '2026-05-11T00:30:00',
    });
    expect(booking).toMatchObject({
      startLocal: '2026-05-10T23:30:00+07:00',
      endLocal: '2026-05-11T00:30:00+07:00',
    });
    const onStartDay = await readJson(
      await customer.send(
        'GET',
        `/v1/bookings?resourceId=${car['resourceId']}&from=2026-05-10T00:00:00%2B07:00&to=2026-05-11T00:00:00%2B07:00`,
      ),
    );
    expect(onStartDay['data'].map((b: Json) => b['bookingId'])).toEqual([booking['bookingId']]);
  });

  it('reschedules onto a free period, refuses a taken one with 409 keeping the original, and stops at maxReschedules', async () => {
    const car = await admin.createResource({
      depositAmount: 0,
      cancellationPolicy: { tiers: [{ minHoursBefore: 0, refundPercent: 0 }], maxReschedules: 1 },
    });
    const first = await Client.as(platform, 'customer');
    const second = await Client.as(platform, 'customer');
    const mine = await first.holdOk({
      resourceId: car['resourceId'],
      start: '2026-06-01T10:00:00',
      end: '2026-06-01T12:00:00',
    });
    await second.holdOk({
      resourceId: car['resourceId'],
      start: '2026-06-02T10:00:00',
      end: '2026-06-02T12:00:00',
    });
    const path = `/v1/bookings/${mine['bookingId']}/reschedule`;

    const taken = await first.send('POST', path, {
      start: '2026-06-02T11:00:00',
      end: '2026-06-02T13:00:00',
    });
    expect(taken.status).toBe(409);
    expect((await readJson(taken))['code']).toBe('slot_unavailable');
    expect(await readJson(await first.send('GET', `/v1/bookings/${mine['bookingId']}`))).toMatchObject({
      startLocal: '2026-06-01T10:00:00+07:00',
      rescheduleCount: 0,
    });

    const moved = await first.send('POST', path, {
      start: '2026-06-03T10:00:00',
      end: '2026-06-03T12:00:00',
    });
    expect(moved.status).toBe(200);
    expect(await readJson(moved)).toMatchObject({
      startLocal: '2026-06-03T10:00:00+07:00',
      rescheduleCount: 1,
    });
    // The old period is free at once.
    expect(
      (
        await second.hold({
          resourceId: car['resourceId'],
          start: '2026-06-01T10:00:00',
          end: '2026-06-01T12:00:00',
        })
      ).status,
    ).toBe(201);

    const again = await first.send('POST', path, {
      start: '2026-06-04T10:00:00',
      end: '2026-06-04T12:00:00',
    });
    expect(again.status).toBe(409);
    expect((await readJson(again))['code']).toBe('reschedule_limit');
    // Someone else cannot touch it; and once cancelled, its owner cannot move it: only HOLD and CONFIRMED move.
    expect((await second.send('POST', `/v1/bookings/${mine['bookingId']}/cancel`, {})).status).toBe(404);
    await first.send('POST', `/v1/bookings/${mine['bookingId']}/cancel`, {});
    const cancelledMove = await first.send('POST', path, {
      start: '2026-06-05T10:00:00',
      end: '2026-06-05T12:00:00',
    });
    expect(cancelledMove.status).toBe(409);
    expect((await readJson(cancelledMove))['code']).toBe('invalid_transition');
    await expectEventually(() =>
      expect(
        suite.events
          .distinct()
          .filter((event) => event.subject === mine['bookingId'] && event.type === 'booking.rescheduled'),
      ).toHaveLength(1),
    );
  });
});
