import { bookingUid, seriesUid } from '@booking/ics';
import { expandCalendar, expectEventually, onlyEvent, parseCalendar, uniqueName } from '@booking/testing';
import { Client, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

describe('calendar invitations: every confirmation, move and cancellation email carries one', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let court: Json;
  beforeAll(async () => {
    platform = await startPlatform({ now: '2027-03-10T12:00:00Z' });
    admin = await Client.as(platform, 'admin');
    // No deposit: a hold is confirmed at once.
    court = await admin.createResource({ timeZone: 'America/New_York', depositAmount: 0, currency: 'USD' });
  });
  afterAll(async () => {
    await platform.stop();
  });

  /** The one email of this subject prefix to the address, once it has come. */
  const mailTo = (address: string, subject: string) =>
    expectEventually(() => {
      const mails = platform.messaging.mail.received.filter(
        (mail) => mail.to.includes(address) && mail.subject.startsWith(subject),
      );
      if (mails.length !== 1) throw new Error(`${mails.length} mails "${subject}…" to ${address}`);
      return mails[0]!;
    });

  it('invites, re-invites after a move across the March change with a higher SEQUENCE, then cancels', async () => {
    const customer = await Client.as(platform, 'customer');
    const email = `${uniqueName('guest')}@example.com`;
    // 10:00 EST on Saturday 13 March, in Vietnamese for a reader in Hanoi.
    const booking = await customer.holdOk({
      resourceId: court['resourceId'],
      start: '2027-03-13T15:00:00Z',
      end: '2027-03-13T16:00:00Z',
      contact: { email, locale: 'vi-VN', timeZone: 'Asia/Ho_Chi_Minh' },
    });
    const bookingId = booking['bookingId'] as string;
    expect(booking['status']).toBe('CONFIRMED');

    const invited = parseCalendar((await mailTo(email, 'Đã xác nhận')).calendar!);
    expect(invited.method).toBe('REQUEST');
    const first = onlyEvent(invited);
    expect(first).toMatchObject({
      uid: bookingUid(bookingId),
      status: 'CONFIRMED',
      zone: 'America/New_York',
      summary: 'Đặt chỗ của bạn',
      description: `Đặt chỗ ${bookingId}`,
      attendees: [`mailto:${email}`],
    });
    expect([first.start.toISOString(), first.end.toISOString()]).toEqual([
      '2027-03-13T15:00:00.000Z',
      '2027-03-13T16:00:00.000Z',
    ]);

    // To 10:00 EDT on Monday 15 March: 14:00Z.
    const moved = await customer.send('POST', `/v1/bookings/${bookingId}/reschedule`, {
      start: '2027-03-15T14:00:00Z',
      end: '2027-03-15T15:00:00Z',
    });
    expect(moved.status).toBe(200);
    const reinvited = parseCalendar((await mailTo(email, 'Đã đổi lịch')).calendar!);
    expect(reinvited.method).toBe('REQUEST');
    const second = onlyEvent(reinvited);
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect([second.start.toISOString(), second.end.toISOString()]).toEqual([
      '2027-03-15T14:00:00.000Z',
      '2027-03-15T15:00:00.000Z',
    ]);

    expect((await customer.send('POST', `/v1/bookings/${bookingId}/cancel`, {})).status).toBe(200);
    const cancelled = parseCalendar((await mailTo(email, 'Đã hủy')).calendar!);
    expect(cancelled.method).toBe('CANCEL');
    const third = onlyEvent(cancelled);
    expect(third).toMatchObject({ uid: first.uid, status: 'CANCELLED' });
    expect(third.sequence).toBeGreaterThan(second.sequence);
    // One move, then the cancel: SEQUENCE counts what the calendar shows changing.
    expect([first.sequence, second.sequence, third.sequence]).toEqual([0, 1, 2]);

    // The customer's feed says the same of the booking, at the same SEQUENCE.
    const feed = await readJson(
      await customer.send('POST', `/v1/customers/${customer.userId}/calendar-feed`),
    );
    const fromFeed = parseCalendar(
      await (await platform.request(new URL(feed['url'] as string).pathname)).text(),
    );
    expect(onlyEvent(fromFeed)).toMatchObject({
      uid: first.uid,
      status: 'CANCELLED',
      sequence: third.sequence,
    });
  });

  it('keeps the feed at the invitation’s SEQUENCE when the booking changes in a way no calendar shows', async () => {
    const customer = await Client.as(platform, 'customer');
    const email = `${uniqueName('guest')}@example.com`;
    const start = new Date(platform.clock.now().getTime() + 20 * 60_000);
    const booking = await customer.holdOk({
      resourceId: court['resourceId'],
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      contact: { email },
    });
    const invited = onlyEvent(parseCalendar((await mailTo(email, 'Booking confirmed')).calendar!));
    // A check-in raises the booking's version, not its calendar event's SEQUENCE.
    const checkedIn = await admin.send('POST', `/v1/bookings/${booking['bookingId'] as string}/check-in`);
    expect((await readJson(checkedIn))['status']).toBe('IN_PROGRESS');
    const feed = await readJson(
      await customer.send('POST', `/v1/customers/${customer.userId}/calendar-feed`),
    );
    const fromFeed = onlyEvent(
      parseCalendar(await (await platform.request(new URL(feed['url'] as string).pathname)).text()),
    );
    expect([fromFeed.uid, fromFeed.sequence]).toEqual([invited.uid, invited.sequence]);
  });

  it('sends no invitation with a reminder', async () => {
    const customer = await Client.as(platform, 'customer');
    const email = `${uniqueName('guest')}@example.com`;
    await customer.holdOk({
      resourceId: court['resourceId'],
      start: '2027-03-11T14:00:00Z',
      end: '2027-03-11T15:00:00Z',
      contact: { email },
    });
    expect((await mailTo(email, 'Booking confirmed')).calendar).not.toBeNull();
    platform.clock.set('2027-03-10T14:00:00Z'); // 24 h before
    expect((await mailTo(email, 'Reminder')).calendar).toBeNull();
  });

  it('sends a series as one invitation, a change of one occurrence by RECURRENCE-ID, and one cancellation of the whole', async () => {
    const customer = await Client.as(platform, 'customer');
    const email = `${uniqueName('guest')}@example.com`;
    const mails = () => platform.messaging.mail.received.filter((mail) => mail.to.includes(email));
    /** The one mail of this subject prefix; the clock moves, so a message waiting for its series is retried. */
    const calendarOf = (subject: string) =>
      expectEventually(
        () => {
          platform.clock.advance(200);
          const found = mails().filter((mail) => mail.subject.startsWith(subject));
          if (found.length !== 1) throw new Error(`${found.length} mails "${subject}…" to ${email}`);
          return found[0]!.calendar!;
        },
        { intervalMs: 25 },
      );
    // Saturdays 10:00 New York from 13 March: 15:00Z, then 14:00Z after the change on the 14th.
    const created = await customer.send('POST', '/v1/bookings', {
      resourceId: court['resourceId'],
      timeZone: 'America/New_York',
      start: '2027-03-13T10:00:00',
      end: '2027-03-13T11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      contact: { email },
    });
    expect(created.status).toBe(201);
    const body = await readJson(created);
    const seriesId = body['seriesId'] as string;
    const held = body['occurrences'] as Json[];
    const periodOf = (occurrence: Json) =>
      `${new Date(occurrence['start'] as string).toISOString()}/${new Date(occurrence['end'] as string).toISOString()}`;
    expect(held.map((occurrence) => occurrence['recurrenceId'])).toEqual([
      '2027-03-13T15:00:00Z',
      '2027-03-20T14:00:00Z',
      '2027-03-27T14:00:00Z',
      '2027-04-03T14:00:00Z',
    ]);
    const uid = seriesUid(seriesId);

    // One invitation for the series: it expands to exactly the four occurrences held.
    const invitation = await calendarOf('Recurring booking confirmed');
    const invited = parseCalendar(invitation);
    expect(invited.method).toBe('REQUEST');
    expect(invited.events.map((event) => [event.uid, event.recurrenceId])).toEqual([[uid, null]]);
    const expanded = expandCalendar(invitation, new Date('2027-05-01T00:00:00Z'));
    expect(expanded.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`)).toEqual(
      held.map(periodOf),
    );

    // The second moves to Sunday: a REQUEST for its RECURRENCE-ID only.
    const occurrence = (recurrenceId: string, action: string) =>
      `/v1/series/${seriesId}/occurrences/${encodeURIComponent(recurrenceId)}/${action}`;
    const moved = await customer.send('POST', occurrence('2027-03-20T14:00:00Z', 'reschedule'), {
      start: '2027-03-21T14:00:00Z',
      end: '2027-03-21T15:00:00Z',
    });
    expect(moved.status).toBe(200);
    const move = parseCalendar(await calendarOf('Booking moved'));
    expect(move.method).toBe('REQUEST');
    expect(onlyEvent(move)).toMatchObject({
      uid,
      recurrenceId: new Date('2027-03-20T14:00:00Z'),
      start: new Date('2027-03-21T14:00:00Z'),
      end: new Date('2027-03-21T15:00:00Z'),
    });

    // The third is cancelled alone: a CANCEL of its RECURRENCE-ID.
    expect((await customer.send('POST', occurrence('2027-03-27T14:00:00Z', 'cancel'), {})).status).toBe(200);
    const one = parseCalendar(await calendarOf('Booking cancelled'));
    expect(one.method).toBe('CANCEL');
    expect(onlyEvent(one)).toMatchObject({ uid, recurrenceId: new Date('2027-03-27T14:00:00Z') });

    // The series is cancelled: one CANCEL of the UID, and no message per occurrence.
    expect((await customer.send('POST', `/v1/series/${seriesId}/cancel`, {})).status).toBe(200);
    const whole = parseCalendar(await calendarOf('Recurring booking cancelled'));
    expect(whole.method).toBe('CANCEL');
    expect(onlyEvent(whole)).toMatchObject({ uid, recurrenceId: null, status: 'CANCELLED' });

    // Settled: across the occurrences, one (whichever was confirmed first) lists both series
    // messages, sent; and nothing else reached the customer.
    const listed = await expectEventually(async () => {
      platform.clock.advance(200);
      const series: Json[] = [];
      for (const { bookingId } of held) {
        const page = await readJson(
          await customer.send('GET', `/v1/bookings/${bookingId as string}/notifications`),
        );
        const ofSeries = (page['data'] as Json[]).filter((entry) =>
          String(entry['kind']).startsWith('series_'),
        );
        series.push(...ofSeries.map((entry) => ({ ...entry, bookingId })));
      }
      expect(series.map((entry) => [entry['kind'], entry['status']])).toEqual([
        ['series_confirmation', 'sent'],
        ['series_cancellation', 'sent'],
      ]);
      return series;
    });
    expect(listed[0]!['bookingId']).toBe(listed[1]!['bookingId']);
    expect(listed).toHaveLength(2);
    expect(mails().map((mail) => mail.subject.split(':')[0])).toEqual([
      'Recurring booking confirmed',
      'Booking moved',
      'Booking cancelled',
      'Recurring booking cancelled',
    ]);
  });
});
