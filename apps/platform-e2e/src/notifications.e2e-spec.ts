import { SendNotificationsJob } from '@booking/app-notification';
import { expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { Client, platformForSuite, publishPayment, readJson, type Json } from './fixtures';
import type { RunningPlatform } from './platform';

const HOUR = 3_600_000;

describe('notifications through the gateway: SMTP and the SMS API, at absolute times', () => {
  const suite = platformForSuite('2026-10-18T12:00:00Z');
  let platform: RunningPlatform;
  let admin: Client;
  let sent: TopicCollector;
  beforeAll(async () => {
    ({ platform, admin } = suite);
    sent = await new TopicCollector(platform.kafka, uniqueName('sent')).start([platform.topics.notification]);
  });
  afterAll(async () => {
    await sent.stop();
  });

  const mailTo = (address: string) =>
    platform.messaging.mail.received.filter((mail) => mail.to.includes(address));
  const smsTo = (phone: string) => platform.messaging.sms.sent.filter((sms) => sms.to === phone);
  /** Moves the platform clock once any send in progress has ended, so its sentAt is the time before. */
  const at = async (iso: string) => {
    await platform.runJob('notification', SendNotificationsJob);
    platform.clock.set(iso);
  };

  /** A car in New York that confirms at once (no deposit), and a customer who reads London time in en-GB. */
  async function confirmedBooking(start: string, hours = 2) {
    const car = await admin.createResource({
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
    });
    const customer = await Client.as(platform, 'customer');
    const contact = {
      email: `${uniqueName('guest')}@example.com`,
      phone: `+4420${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      timeZone: 'Europe/London',
      locale: 'en-GB',
    };
    const booking = await customer.holdOk({
      resourceId: car['resourceId'],
      start,
      end: new Date(new Date(start).getTime() + hours * HOUR).toISOString(),
      contact,
    });
    expect(booking['status']).toBe('CONFIRMED');
    return { booking, customer, contact, bookingId: booking['bookingId'] as string };
  }

  async function notificationsOf(client: Client, bookingId: string): Promise<Json[]> {
    const response = await client.send('GET', `/v1/bookings/${bookingId}/notifications`);
    expect(response.status).toBe(200);
    return (await readJson(response))['data'] as Json[];
  }

  it("confirms by email, reminds by email 24 h and by SMS 2 h before, in the recipient's zone and locale", async () => {
    await at('2026-10-18T12:00:00Z');
    const { customer, contact, bookingId } = await confirmedBooking('2026-10-21T14:00:00Z');

    // 14:00Z is 10:00 in New York (the car) and 15:00 in London (the recipient): ACCEPTANCE 9.
    await expectEventually(() =>
      expect(mailTo(contact.email).map((mail) => mail.subject)).toEqual([
        'Booking confirmed: Wed, 21 Oct 2026, 15:00 BST',
      ]),
    );
    expect(mailTo(contact.email)[0]).toMatchObject({
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@notification\.booking>$/),
      text: `Booking ${bookingId} is confirmed.\nFrom: Wed, 21 Oct 2026, 15:00 BST\nUntil: Wed, 21 Oct 2026, 17:00 BST`,
    });
    await expectEventually(async () =>
      expect(await notificationsOf(customer, bookingId)).toEqual([
        {
          kind: 'confirmation',
          channel: 'email',
          status: 'sent',
          scheduledFor: '2026-10-18T12:00:00Z',
          sentAt: '2026-10-18T12:00:00Z',
          subject: 'Booking confirmed: Wed, 21 Oct 2026, 15:00 BST',
          text: expect.stringContaining('is confirmed'),
        },
        {
          kind: 'reminder_24h',
          channel: 'email',
          status: 'scheduled',
          scheduledFor: '2026-10-20T14:00:00Z',
          sentAt: null,
          subject: 'Reminder: your booking starts Wed, 21 Oct 2026, 15:00 BST',
          text: expect.any(String),
        },
        {
          kind: 'reminder_2h',
          channel: 'sms',
          status: 'scheduled',
          scheduledFor: '2026-10-21T12:00:00Z',
          sentAt: null,
          subject: null,
          text: `Reminder: your booking starts Wed, 21 Oct 2026, 15:00 BST (in 2 hours). Booking ${bookingId}.`,
        },
      ]),
    );

    await at('2026-10-20T13:59:00Z');
    await platform.runJob('notification', SendNotificationsJob);
    expect(mailTo(contact.email)).toHaveLength(1);

    await at('2026-10-20T14:00:00Z');
    await expectEventually(() =>
      expect(mailTo(contact.email).map((mail) => mail.subject)).toEqual([
        'Booking confirmed: Wed, 21 Oct 2026, 15:00 BST',
        'Reminder: your booking starts Wed, 21 Oct 2026, 15:00 BST',
      ]),
    );
    expect(smsTo(contact.phone)).toEqual([]);

    await at('2026-10-21T12:00:00Z');
    await expectEventually(() =>
      expect(smsTo(contact.phone).map((sms) => sms.text)).toEqual([
        `Reminder: your booking starts Wed, 21 Oct 2026, 15:00 BST (in 2 hours). Booking ${bookingId}.`,
      ]),
    );
    await expectEventually(async () => {
      const byKind = Object.fromEntries((await notificationsOf(customer, bookingId)).map((n) => [n.kind, n]));
      expect(byKind['reminder_24h']).toMatchObject({ status: 'sent', sentAt: '2026-10-20T14:00:00Z' });
      expect(byKind['reminder_2h']).toMatchObject({ status: 'sent', sentAt: '2026-10-21T12:00:00Z' });
    });
    await expectEventually(() =>
      expect(
        sent
          .distinct()
          .filter((event) => event.subject === bookingId)
          .map((event) => [event.type, event.data]),
      ).toEqual([
        [
          'notification.sent',
          {
            bookingId,
            kind: 'confirmation',
            channel: 'email',
            scheduledFor: '2026-10-18T12:00:00Z',
            sentAt: '2026-10-18T12:00:00Z',
          },
        ],
        [
          'notification.sent',
          {
            bookingId,
            kind: 'reminder_24h',
            channel: 'email',
            scheduledFor: '2026-10-20T14:00:00Z',
            sentAt: '2026-10-20T14:00:00Z',
          },
        ],
        [
          'notification.sent',
          {
            bookingId,
            kind: 'reminder_2h',
            channel: 'sms',
            scheduledFor: '2026-10-21T12:00:00Z',
            sentAt: '2026-10-21T12:00:00Z',
          },
        ],
      ]),
    );
  });

  it('schedules no 24 h email for a booking made 3 h ahead', async () => {
    await at('2026-11-02T09:00:00Z');
    const { customer, bookingId } = await confirmedBooking('2026-11-02T12:00:00Z');
    await expectEventually(async () =>
      expect(
        (await notificationsOf(customer, bookingId)).map((n) => [n.kind, n.status, n.scheduledFor]),
      ).toEqual([
        ['confirmation', 'sent', '2026-11-02T09:00:00Z'],
        ['reminder_2h', 'scheduled', '2026-11-02T10:00:00Z'],
      ]),
    );
  });

  it('moves the reminders with a reschedule, and drops them with a cancel, which is told by email', async () => {
    await at('2026-11-10T09:00:00Z');
    const { customer, contact, bookingId } = await confirmedBooking('2026-11-15T15:00:00Z');
    await expectEventually(() => expect(mailTo(contact.email)).toHaveLength(1));

    const moved = await customer.send('POST', `/v1/bookings/${bookingId}/reschedule`, {
      start: '2026-11-16T15:00:00Z',
      end: '2026-11-16T17:00:00Z',
    });
    expect(moved.status).toBe(200);
    await expectEventually(async () => {
      const list = await notificationsOf(customer, bookingId);
      expect(list.map((n) => [n.kind, n.status, n.scheduledFor])).toEqual([
        ['confirmation', 'sent', '2026-11-10T09:00:00Z'],
        ['rescheduled', 'sent', '2026-11-10T09:00:00Z'],
        ['reminder_24h', 'scheduled', '2026-11-15T15:00:00Z'],
        ['reminder_2h', 'scheduled', '2026-11-16T13:00:00Z'],
      ]);
    });
    expect(mailTo(contact.email).map((mail) => mail.subject)).toEqual([
      'Booking confirmed: Sun, 15 Nov 2026, 15:00 GMT',
      'Booking moved: now Mon, 16 Nov 2026, 15:00 GMT',
    ]);

    const cancelled = await customer.send('POST', `/v1/bookings/${bookingId}/cancel`, {
      reason: 'plans changed',
    });
    expect(cancelled.status).toBe(200);
    await expectEventually(async () => {
      const list = await notificationsOf(customer, bookingId);
      expect(list.map((n) => [n.kind, n.status])).toEqual(
        expect.arrayContaining([
          ['cancellation', 'sent'],
          ['reminder_24h', 'cancelled'],
          ['reminder_2h', 'cancelled'],
        ]),
      );
    });
    expect(mailTo(contact.email).map((mail) => mail.subject)).toContain(
      'Booking cancelled: Mon, 16 Nov 2026, 15:00 GMT',
    );
    await at('2026-11-16T14:00:00Z');
    await platform.runJob('notification', SendNotificationsJob);
    expect(mailTo(contact.email)).toHaveLength(3);
    expect(smsTo(contact.phone)).toEqual([]);
  });

  it('sends a refund email, with the amount in the recipient’s locale, once the refund is made', async () => {
    await at('2026-11-20T09:00:00Z');
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const email = `${uniqueName('payer')}@example.com`;
    const booking = await customer.holdOk({
      resourceId: car['resourceId'],
      start: '2026-11-25T03:00:00Z',
      end: '2026-11-26T03:00:00Z',
      contact: { email, locale: 'en-US' },
    });
    const bookingId = booking['bookingId'] as string;
    await publishPayment(platform, { bookingId, amount: 2_000_000, currency: 'VND' });
    await expectEventually(() => expect(mailTo(email).map((mail) => mail.subject)).toHaveLength(1));
    expect(mailTo(email)[0]!.subject).toBe('Booking confirmed: Wed, Nov 25, 2026, 10:00 AM GMT+7');

    await admin.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
    await expectEventually(() =>
      expect(mailTo(email).map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([
          'Booking cancelled: Wed, Nov 25, 2026, 10:00 AM GMT+7',
          'Refund of ₫2,000,000',
        ]),
      ),
    );
  });

  it('sends one email per kind when booking events arrive again (the relay resent them)', async () => {
    await at('2026-11-28T09:00:00Z');
    const { customer, contact, bookingId } = await confirmedBooking('2026-12-05T09:00:00Z');
    await expectEventually(() => expect(mailTo(contact.email)).toHaveLength(1));

    // What a relay that died between Kafka's acknowledgement and its mark leaves behind.
    await platform
      .database('booking')
      .query(`UPDATE outbox SET published_at = NULL WHERE message_key = $1`, [bookingId]);
    // Then the cancel: on the booking's partition it comes after the copies, so once its email is
    // out, the copies have been handled.
    await customer.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
    await expectEventually(() => expect(mailTo(contact.email)).toHaveLength(2));
    // The suite's own collector is another consumer group, which may lag the service's.
    const copies = await expectEventually(() => {
      const found = suite.events.received.filter(
        ({ event }) => event.subject === bookingId && event.type === 'booking.confirmed',
      );
      expect(found).toHaveLength(2);
      return found;
    });
    expect(copies[1]!.event.id).toBe(copies[0]!.event.id);
    await expectEventually(async () =>
      // Listed by scheduled time, then kind: both emails were due at 09:00.
      expect((await notificationsOf(customer, bookingId)).map((n) => [n.kind, n.status])).toEqual([
        ['cancellation', 'sent'],
        ['confirmation', 'sent'],
        ['reminder_24h', 'cancelled'],
        ['reminder_2h', 'cancelled'],
      ]),
    );
    expect(mailTo(contact.email).map((mail) => mail.subject.split(':')[0])).toEqual([
      'Booking confirmed',
      'Booking cancelled',
    ]);
  });

  it('retries an SMS the provider could not take, by the platform clock, and sends it once', async () => {
    await at('2026-12-10T09:00:00Z');
    const { customer, contact, bookingId } = await confirmedBooking('2026-12-10T15:00:00Z');
    await expectEventually(() => expect(mailTo(contact.email)).toHaveLength(1));
    platform.messaging.sms.failNext(2);
    await at('2026-12-10T13:00:00Z');
    // Each retry waits (at most NOTIFICATION_RETRY_MAX_MS, 1 s here) on the platform's clock.
    await expectEventually(async () => {
      platform.clock.advance(1_000);
      expect(smsTo(contact.phone)).toHaveLength(1);
    });
    expect(platform.messaging.sms.failuresPending).toBe(0);
    // The provider has it before the sender records it: the row says "sent" a moment later.
    const reminder = await expectEventually(async () => {
      const found = (await notificationsOf(customer, bookingId)).find((n) => n.kind === 'reminder_2h');
      expect(found).toMatchObject({ status: 'sent', scheduledFor: '2026-12-10T13:00:00Z' });
      return found;
    });
    expect(new Date(reminder!['sentAt'] as string).getTime()).toBeGreaterThan(
      Date.parse('2026-12-10T13:00:00Z'),
    );
  });

  it('fails a message whose sender was cut off mid-send, and never sends it again', async () => {
    await at('2026-12-12T09:00:00Z');
    const { customer, contact, bookingId } = await confirmedBooking('2026-12-15T09:00:00Z');
    await expectEventually(() => expect(mailTo(contact.email)).toHaveLength(1));
    // What a sender that died after claiming the 24 h reminder leaves: "sending", lease run out.
    await platform
      .database('notification')
      .query(
        `UPDATE notification SET status = 'sending', lease_until = $2 WHERE booking_id = $1 AND kind = 'reminder_24h'`,
        [bookingId, new Date('2026-12-12T08:00:00Z')],
      );
    await expectEventually(async () => {
      const reminder = (await notificationsOf(customer, bookingId)).find((n) => n.kind === 'reminder_24h');
      expect(reminder).toMatchObject({ status: 'failed', sentAt: null });
    });
    await at('2026-12-14T09:00:00Z');
    await platform.runJob('notification', SendNotificationsJob);
    expect(mailTo(contact.email)).toHaveLength(1);
  });

  it("shows a booking's messages to its customer, its host and admins; to anyone else it is 404", async () => {
    await at('2026-12-01T09:00:00Z');
    const { bookingId } = await confirmedBooking('2026-12-09T09:00:00Z');
    const stranger = await Client.as(platform, 'customer');
    const response = await stranger.send('GET', `/v1/bookings/${bookingId}/notifications`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await readJson(response))['code']).toBe('not_found');
    expect((await admin.send('GET', `/v1/bookings/${bookingId}/notifications`)).status).toBe(200);
    // The car's host (fixtures.CAR's owner) sees them too; a host of other cars does not.
    const host = await Client.as(platform, 'host', 'host-7');
    expect((await host.send('GET', `/v1/bookings/${bookingId}/notifications`)).status).toBe(200);
    const otherHost = await Client.as(platform, 'host');
    expect((await otherHost.send('GET', `/v1/bookings/${bookingId}/notifications`)).status).toBe(404);
    expect((await admin.send('GET', '/v1/bookings/no-such-booking/notifications')).status).toBe(404);
  });
});
