import { createdSeriesViewSchema, occurrenceViewSchema, seriesViewSchema } from '@booking/contracts';
import { expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { Client, platformForSuite, readJson, type Json } from './fixtures';
import type { RunningPlatform } from './platform';

describe('recurring series through the gateway', () => {
  const suite = platformForSuite('2026-12-01T00:00:00Z');
  let platform: RunningPlatform;
  let admin: Client;
  let seriesEvents: TopicCollector;
  beforeAll(async () => {
    ({ platform, admin } = suite);
    seriesEvents = await new TopicCollector(platform.kafka, uniqueName('series')).start([
      platform.topics.series,
    ]);
  });
  afterAll(() => seriesEvents.stop());

  const room = (overrides: Json = {}) =>
    admin.createResource({
      name: 'Court 1',
      kind: 'court',
      city: 'NYC',
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
      ...overrides,
    });

  async function createSeries(
    body: Json,
    client?: Client,
  ): Promise<{ status: number; body: Json; client: Client }> {
    const customer = client ?? (await Client.as(platform, 'customer'));
    const response = await customer.hold({ timeZone: 'America/New_York', ...body });
    const answer = await readJson(response);
    // What was made has exactly the documented shape (the OpenAPI document's CreatedSeries).
    if (response.status === 201) createdSeriesViewSchema.strict().parse(answer);
    return { status: response.status, body: answer, client: customer };
  }

  /** Every occurrence in the window, walking the pages (of 20, so that most walks take several). */
  async function occurrences(client: Client, seriesId: string, from: string, to: string): Promise<Json[]> {
    const all: Json[] = [];
    let cursor: string | null = null;
    do {
      const page = `limit=20${cursor === null ? '' : `&cursor=${cursor}`}`;
      const response = await client.send(
        'GET',
        `/v1/series/${seriesId}/occurrences?from=${from}&to=${to}&${page}`,
      );
      expect(response.status).toBe(200);
      const body = await readJson(response);
      for (const occurrence of body['data'] as Json[]) occurrenceViewSchema.strict().parse(occurrence);
      all.push(...(body['data'] as Json[]));
      cursor = body['nextCursor'] as string | null;
    } while (cursor !== null);
    return all;
  }

  it('keeps 10:00 New York on every Wednesday across the year end, with no ISO-week slip (ACCEPTANCE 7)', async () => {
    const court = await room();
    const { status, body } = await createSeries({
      resourceId: court['resourceId'],
      start: '2026-12-23T10:00:00',
      end: '2026-12-23T11:00:00',
      rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4', timeZone: 'America/New_York' });
    expect(body['occurrences'].map((o: Json) => o['startLocal'])).toEqual([
      '2026-12-23T10:00:00-05:00',
      '2026-12-30T10:00:00-05:00',
      '2027-01-06T10:00:00-05:00',
      '2027-01-13T10:00:00-05:00',
    ]);
    expect(
      body['occurrences'].every(
        (o: Json) => o['status'] === 'CONFIRMED' && o['seriesId'] === body['seriesId'],
      ),
    ).toBe(true);
    expect(body['occurrences'][0]['recurrenceId']).toBe('2026-12-23T15:00:00Z');
  });

  it('keeps every weekly occurrence at the same wall time across both 2027 transitions in five zones', async () => {
    for (const timeZone of [
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Australia/Sydney',
    ]) {
      const court = await room({ timeZone });
      const { status, body } = await createSeries({
        resourceId: court['resourceId'],
        timeZone,
        start: '2027-01-06T09:30:00',
        end: '2027-01-06T10:30:00',
        rrule: 'FREQ=WEEKLY;UNTIL=20271231T000000Z',
      });
      expect([timeZone, status]).toEqual([timeZone, 201]);
      const all = await occurrences(admin, body['seriesId'], '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z');
      expect(all).toHaveLength(52);
      expect(new Set(all.map((o) => o['recurrenceId'])).size).toBe(52);
      expect(all.filter((o) => o['startLocal'].slice(11, 19) !== '09:30:00')).toEqual([]);
      // The offset changes exactly twice over the year: both of the zone's 2027 transitions are crossed.
      const offsets = all.map((o) => o['startLocal'].slice(19));
      const changes = offsets.filter((offset, index) => index > 0 && offset !== offsets[index - 1]).length;
      expect([timeZone, changes]).toEqual([timeZone, 2]);
    }
  });

  it('clamps a monthly rule from Jan 31 to Feb 28 by default, and skips February with skip (ACCEPTANCE 2)', async () => {
    const court = await room();
    const clamp = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-01-31T18:00:00',
      end: '2027-01-31T19:00:00',
      rrule: 'FREQ=MONTHLY;COUNT=4',
    });
    expect(clamp.body['occurrences'].map((o: Json) => o['startLocal'].slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    const skip = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-01-31T20:00:00',
      end: '2027-01-31T21:00:00',
      rrule: 'FREQ=MONTHLY;COUNT=3',
      onMissingDay: 'skip',
    });
    const all = await occurrences(
      skip.client,
      skip.body['seriesId'],
      '2027-01-01T00:00:00Z',
      '2028-01-01T00:00:00Z',
    );
    expect(all.map((o) => [o['startLocal'].slice(0, 10), o['status']])).toEqual([
      ['2027-01-31', 'CONFIRMED'],
      ['2027-03-31', 'CONFIRMED'],
      ['2027-05-31', 'PLANNED'],
    ]);
  });

  it('puts a yearly Feb 29 on Feb 28 in 2027 with clamp, and skips 2027 with skip (ACCEPTANCE 6)', async () => {
    const court = await room();
    const rule = 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=2';
    const clamp = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-02-01T12:00:00',
      end: '2027-02-01T13:00:00',
      rrule: rule,
    });
    const clampAll = await occurrences(
      clamp.client,
      clamp.body['seriesId'],
      '2027-01-01T00:00:00Z',
      '2029-01-01T00:00:00Z',
    );
    expect(clampAll.map((o) => o['startLocal'].slice(0, 10))).toEqual(['2027-02-28', '2028-02-29']);
    const skip = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-02-01T14:00:00',
      end: '2027-02-01T15:00:00',
      rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      onMissingDay: 'skip',
    });
    // Nothing within the 180 days held at once (2027 has no Feb 29): created, the first kept PLANNED.
    expect(skip.status).toBe(201);
    expect(skip.body['occurrences']).toEqual([]);
    const skipAll = await occurrences(
      skip.client,
      skip.body['seriesId'],
      '2027-01-01T00:00:00Z',
      '2029-01-01T00:00:00Z',
    );
    expect(skipAll.map((o) => [o['startLocal'].slice(0, 10), o['status']])).toEqual([
      ['2028-02-29', 'PLANNED'],
    ]);
  });

  it('lists a Feb 29 series’ 2028 and 2032 occurrences in one five-year window, and the whole series with none', async () => {
    const court = await room();
    const { body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: '2028-02-01T14:00:00',
      end: '2028-02-01T15:00:00',
      rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=3',
      onMissingDay: 'skip',
    });
    const seriesId = body['seriesId'] as string;
    const window = await occurrences(client, seriesId, '2028-01-01T00:00:00Z', '2033-01-01T00:00:00Z');
    expect(window.map((o) => o['startLocal'].slice(0, 10))).toEqual(['2028-02-29', '2032-02-29']);
    const whole = await client.send('GET', `/v1/series/${seriesId}/occurrences?limit=2`);
    const first = await readJson(whole);
    expect(first['data'].map((o: Json) => o['startLocal'].slice(0, 10))).toEqual([
      '2028-02-29',
      '2032-02-29',
    ]);
    const rest = await readJson(
      await client.send('GET', `/v1/series/${seriesId}/occurrences?limit=2&cursor=${first['nextCursor']}`),
    );
    expect([rest['data'].map((o: Json) => o['startLocal'].slice(0, 10)), rest['nextCursor']]).toEqual([
      ['2036-02-29'],
      null,
    ]);
    // A daily rule on Feb 29 matches once in four years: a page walks a decade and hands on a cursor.
    const daily = await createSeries({
      resourceId: court['resourceId'],
      start: '2028-02-01T16:00:00',
      end: '2028-02-01T17:00:00',
      rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
      onMissingDay: 'skip',
    });
    const decade = await readJson(
      await daily.client.send('GET', `/v1/series/${daily.body['seriesId']}/occurrences?limit=50`),
    );
    expect(decade['data'].map((o: Json) => o['startLocal'].slice(0, 10))).toEqual([
      '2028-02-29',
      '2032-02-29',
      '2036-02-29',
    ]);
    expect(decade['nextCursor']).toEqual(expect.any(String));
    const malformed = await client.send('GET', `/v1/series/${seriesId}/occurrences?from=soon`);
    expect([malformed.status, (await readJson(malformed))['errors']]).toEqual([
      400,
      expect.arrayContaining([expect.objectContaining({ path: '/from' })]),
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const query of ['', '?from=2028-01-01T00:00:00Z&to=2029-01-01T00:00:00Z'])
      expect((await client.send('GET', `/v1/series/${unknown}/occurrences${query}`)).status).toBe(404);
  });

  it('gives every occurrence the first one’s real length across the spring-forward night, and keeps it when moved without an end', async () => {
    const court = await room();
    const { body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-03-13T01:30:00',
      end: '2027-03-13T03:30:00',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    expect(body['occurrences'].map((o: Json) => [o['start'], o['end']])).toEqual([
      ['2027-03-13T06:30:00Z', '2027-03-13T08:30:00Z'],
      // 01:30 EST to 04:30 EDT: two real hours, though the wall clock shows three.
      ['2027-03-14T06:30:00Z', '2027-03-14T08:30:00Z'],
      ['2027-03-15T05:30:00Z', '2027-03-15T07:30:00Z'],
    ]);
    const moved = await client.send(
      'POST',
      `/v1/series/${body['seriesId']}/occurrences/${encodeURIComponent('2027-03-14T06:30:00Z')}/reschedule`,
      { start: '2027-03-15T09:00:00' },
    );
    expect(moved.status).toBe(200);
    expect(await readJson(moved)).toMatchObject({
      start: '2027-03-15T13:00:00Z',
      end: '2027-03-15T15:00:00Z',
    });
  });

  it('refuses a series with a DST-gap occurrence by naming it, unless onNonexistent says skip', async () => {
    const court = await room();
    const body = {
      resourceId: court['resourceId'],
      start: '2027-03-12T02:30:00',
      end: '2027-03-12T03:15:00',
      rrule: 'FREQ=DAILY;COUNT=4',
    };
    const refused = await createSeries(body);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'nonexistent_local_time',
      occurrences: ['2027-03-14T02:30:00'],
    });
    const shifted = await createSeries({
      ...body,
      resourceId: (await room())['resourceId'],
      onNonexistent: 'shiftForward',
    });
    expect(shifted.status).toBe(201);
    // RFC 5545's reading: the wall time with the offset before the gap, 02:30 EST = 03:30 EDT.
    expect(shifted.body['occurrences'].map((o: Json) => o['startLocal'])).toEqual([
      '2027-03-12T02:30:00-05:00',
      '2027-03-13T02:30:00-05:00',
      '2027-03-14T03:30:00-04:00',
      '2027-03-15T02:30:00-04:00',
    ]);
    const skipped = await createSeries({ ...body, onNonexistent: 'skip' });
    expect(skipped.status).toBe(201);
    expect(skipped.body['occurrences'].map((o: Json) => o['startLocal'])).toEqual([
      '2027-03-12T02:30:00-05:00',
      '2027-03-13T02:30:00-05:00',
      '2027-03-15T02:30:00-04:00',
    ]);
  });

  it('holds all or nothing: one taken occurrence gives 409 listing it, and no occurrence is held', async () => {
    const court = await room();
    const other = await Client.as(platform, 'customer');
    await other.holdOk({
      resourceId: court['resourceId'],
      start: '2027-01-14T10:30:00',
      end: '2027-01-14T11:30:00',
      timeZone: 'America/New_York',
    });
    const { status, body } = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-01-07T10:00:00',
      end: '2027-01-07T11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      code: 'slot_unavailable',
      conflicts: [
        { recurrenceId: '2027-01-14T15:00:00Z', start: '2027-01-14T15:00:00Z', end: '2027-01-14T16:00:00Z' },
      ],
    });
    const { rows } = await platform
      .database('booking')
      .query('SELECT count(*)::int AS n FROM booking WHERE resource_id = $1 AND series_id IS NOT NULL', [
        court['resourceId'],
      ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses malformed or finer-than-daily rules, and series on resources with a deposit', async () => {
    const court = await room();
    for (const rrule of ['FREQ=HOURLY;COUNT=3', 'FREQ=WEEKLY;BYDAY=XX', 'nonsense']) {
      const { status, body } = await createSeries({
        resourceId: court['resourceId'],
        start: '2027-01-07T10:00:00',
        end: '2027-01-07T11:00:00',
        rrule,
      });
      expect([rrule, status, body['code']]).toEqual([rrule, 422, 'invalid_rrule']);
    }
    const paid = await room({ depositAmount: 500 });
    const refused = await createSeries({
      resourceId: paid['resourceId'],
      start: '2027-01-07T10:00:00',
      end: '2027-01-07T11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=2',
    });
    expect(refused.body['code']).toBe('series_not_supported');
  });

  it('changes one occurrence by RECURRENCE-ID: reschedule onto a taken period keeps it (ACCEPTANCE 12), a free one moves only it, cancel takes only it', async () => {
    const court = await room();
    const other = await Client.as(platform, 'customer');
    await other.holdOk({
      resourceId: court['resourceId'],
      start: '2027-02-10T15:00:00',
      end: '2027-02-10T16:00:00',
      timeZone: 'America/New_York',
    });
    const { body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-02-03T10:00:00',
      end: '2027-02-03T11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    });
    const seriesId = body['seriesId'];
    const second = encodeURIComponent('2027-02-10T15:00:00Z');
    const taken = await client.send('POST', `/v1/series/${seriesId}/occurrences/${second}/reschedule`, {
      start: '2027-02-10T15:30:00',
      end: '2027-02-10T16:30:00',
    });
    expect(taken.status).toBe(409);
    expect((await readJson(taken))['code']).toBe('slot_unavailable');
    const moved = await client.send('POST', `/v1/series/${seriesId}/occurrences/${second}/reschedule`, {
      start: '2027-02-10T12:00:00',
      end: '2027-02-10T13:00:00',
    });
    expect(moved.status).toBe(200);
    const cancelled = await client.send(
      'POST',
      `/v1/series/${seriesId}/occurrences/${encodeURIComponent('2027-02-17T15:00:00Z')}/cancel`,
      {},
    );
    expect(cancelled.status).toBe(200);
    const all = await occurrences(client, seriesId, '2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(all.map((o) => [o['recurrenceId'], o['startLocal'], o['status']])).toEqual([
      ['2027-02-03T15:00:00Z', '2027-02-03T10:00:00-05:00', 'CONFIRMED'],
      ['2027-02-10T15:00:00Z', '2027-02-10T12:00:00-05:00', 'CONFIRMED'],
      ['2027-02-17T15:00:00Z', '2027-02-17T10:00:00-05:00', 'CANCELLED'],
      ['2027-02-24T15:00:00Z', '2027-02-24T10:00:00-05:00', 'CONFIRMED'],
    ]);
    const unknown = await client.send(
      'POST',
      `/v1/series/${seriesId}/occurrences/${encodeURIComponent('2027-02-11T15:00:00Z')}/cancel`,
      {},
    );
    expect(unknown.status).toBe(404);
  });

  it('cancels every occurrence from now on, and another customer cannot see the series', async () => {
    const court = await room();
    const { body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-01-05T08:00:00',
      end: '2027-01-05T09:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=5',
    });
    const stranger = await Client.as(platform, 'customer');
    expect((await stranger.send('GET', `/v1/series/${body['seriesId']}`)).status).toBe(404);
    const cancelled = await client.send('POST', `/v1/series/${body['seriesId']}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await readJson(cancelled)).toMatchObject({ status: 'CANCELLED', cancelledOccurrences: 5 });
    const all = await occurrences(client, body['seriesId'], '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(all.map((o) => o['status'])).toEqual(Array(5).fill('CANCELLED'));
    // The periods are free again at once.
    const again = await createSeries({
      resourceId: court['resourceId'],
      start: '2027-01-05T08:00:00',
      end: '2027-01-05T09:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=5',
    });
    expect(again.status).toBe(201);
  });

  it('holds an open-ended series further ahead as time passes, recording and publishing a later conflict', async () => {
    const court = await room();
    const { body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: '2026-12-07T07:00:00',
      end: '2026-12-07T08:00:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
    const seriesId = body['seriesId'];
    const heldNow = body['occurrences'].length;
    expect(heldNow).toBe(25); // Mondays from Dec 7 up to May 30, 180 days after Dec 1
    const last = body['occurrences'].at(-1)['startLocal'];
    expect(last.slice(0, 10)).toBe('2027-05-24');
    // Someone else takes a Monday beyond the horizon, before the series reaches it.
    const other = await Client.as(platform, 'customer');
    await other.holdOk({
      resourceId: court['resourceId'],
      start: '2027-06-07T07:30:00',
      end: '2027-06-07T08:30:00',
      timeZone: 'America/New_York',
    });
    // Nine days: one Monday missed (a no-show only warns; three would freeze the customer, and the
    // job would then refuse the rest as customer_restricted, as it would a new hold).
    platform.clock.advance(9 * 86_400_000);
    await expectEventually(async () => {
      const series = await readJson(await client.send('GET', `/v1/series/${seriesId}`));
      seriesViewSchema.strict().parse(series);
      expect(series['conflicts']).toEqual([
        {
          recurrenceId: '2027-06-07T11:00:00Z',
          start: '2027-06-07T11:00:00Z',
          end: '2027-06-07T12:00:00Z',
          reason: 'slot_unavailable',
        },
      ]);
    });
    const june = await occurrences(client, seriesId, '2027-06-01T00:00:00Z', '2027-06-25T00:00:00Z');
    expect(june.map((o) => [o['startLocal'].slice(0, 10), o['status']])).toEqual([
      ['2027-06-07', 'CONFLICT'],
      ['2027-06-14', 'PLANNED'], // beyond the horizon: 180 days after Dec 10 is Jun 8
      ['2027-06-21', 'PLANNED'],
    ]);
    // On its own topic, keyed by the series: the occurrence has no booking to be keyed by.
    await expectEventually(() => {
      const conflicts = seriesEvents.received.filter(
        ({ event }) => event.type === 'series.occurrence_conflict' && event.subject === seriesId,
      );
      expect(conflicts.map(({ key }) => key)).toEqual([seriesId]);
    });
    expect(suite.events.distinct().filter((e) => e.type === 'series.occurrence_conflict')).toEqual([]);
  });

  it('holds later occurrences only under a new hold’s rules, and ends a COUNT series once all came due', async () => {
    const court = await room();
    const firstDay = new Date(platform.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const { status, body, client } = await createSeries({
      resourceId: court['resourceId'],
      start: `${firstDay}T09:00:00`,
      end: `${firstDay}T10:00:00`,
      rrule: 'FREQ=WEEKLY;COUNT=30',
    });
    expect(status).toBe(201);
    const heldNow = (body['occurrences'] as Json[]).length;
    expect(heldNow).toBeLessThan(30);
    // The resource closes every day: what comes due from now on would be refused as a new hold.
    const closed = await admin.send('PATCH', `/v1/resources/${court['resourceId']}`, {
      businessHours: { weekly: {}, overrides: {} },
    });
    expect(closed.status).toBe(200);
    platform.clock.advance(60 * 86_400_000);
    await expectEventually(async () => {
      const series = await readJson(await client.send('GET', `/v1/series/${body['seriesId']}`));
      expect(series['status']).toBe('ENDED');
      expect((series['conflicts'] as Json[]).map((conflict) => conflict['reason'])).toEqual(
        Array(30 - heldNow).fill('outside_business_hours'),
      );
    });
    const { rows } = await platform
      .database('booking')
      .query('SELECT count(*)::int AS n FROM booking WHERE series_id = $1', [body['seriesId']]);
    expect(rows[0].n).toBe(heldNow);
  });
});
