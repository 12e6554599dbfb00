import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import { createTestDatabase, expectEventually, type TestDatabase } from '@booking/testing';
import {
  chargeWithoutWebhooks,
  Client,
  hoursFromNow,
  platformForSuite,
  postWebhook,
  signedWebhook,
  type Json,
} from './fixtures';
import { checkInvariants, INVARIANTS, type CheckedSources } from './proof/invariants';
import { holdsAsAnswered, recordHold, type RecordedHold } from './proof/recorded-holds';
import { emailsOncePerKind, reschedulesAsAnswered } from './proof/recorded-outcomes';

describe('the proof checker over a running platform', () => {
  const suite = platformForSuite('2026-06-01T00:00:00Z');
  const sources = (): CheckedSources => ({
    database: (service) => suite.platform.database(service),
    bookingTopic: { name: suite.platform.topics.booking, received: suite.events.received },
  });
  const violations = async () => [...(await checkInvariants(sources())).values()].flat();
  const paid: Json[] = [];

  it('finds nothing after holds, webhook payments, a cancel with its refund, and the messages', async () => {
    const car = await suite.admin.createResource();
    const customers = await Promise.all([0, 1, 2].map(() => Client.as(suite.platform, 'customer')));
    const bookings = await Promise.all(
      customers.map((customer, i) =>
        customer.holdOk({
          resourceId: car['resourceId'],
          start: hoursFromNow(suite.platform, 200 + i * 30),
          end: hoursFromNow(suite.platform, 224 + i * 30),
          contact: { email: `proof-${i}@example.com`, timeZone: 'Asia/Ho_Chi_Minh', locale: 'en' },
        }),
      ),
    );
    for (const booking of bookings.slice(0, 2)) {
      const payment = {
        bookingId: booking['bookingId'] as string,
        amount: booking['depositAmount'] as number,
        currency: booking['currency'] as string,
      };
      const txnId = chargeWithoutWebhooks(suite.platform, payment);
      const delivery = signedWebhook(suite.platform, {
        type: 'payment.succeeded',
        data: { ...payment, txnId },
      });
      expect((await postWebhook(suite.platform, delivery)).status).toBe(200);
      paid.push(booking);
    }
    await expectEventually(async () => {
      const { rows } = await suite.platform
        .database('booking')
        .query(`SELECT 1 FROM booking WHERE status = 'CONFIRMED' AND booking_id = ANY($1)`, [
          paid.map((booking) => booking['bookingId']),
        ]);
      expect(rows).toHaveLength(2);
    });
    const cancelled = await customers[0]!.send(
      'POST',
      `/v1/bookings/${paid[0]!['bookingId'] as string}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    await expectEventually(async () => {
      const { rows } = await suite.platform
        .database('refund')
        .query(`SELECT 1 FROM refund WHERE status = 'succeeded'`);
      expect(rows).toHaveLength(1);
      const { rows: messages } = await suite.platform
        .database('notification')
        .query(`SELECT 1 FROM notification WHERE booking_id = $1 AND kind = 'confirmation'`, [
          paid[1]!['bookingId'],
        ]);
      expect(messages).toHaveLength(1);
    });

    await expectEventually(async () => expect(await violations()).toEqual([]), { timeoutMs: 30_000 });
  });

  it('holds the recorded answers to what is stored: each 201 a booking, each refusal none', async () => {
    const car = await suite.admin.createResource();
    const records: RecordedHold[] = [];
    const period = {
      resourceId: car['resourceId'],
      start: hoursFromNow(suite.platform, 500),
      end: hoursFromNow(suite.platform, 524),
    };
    const [taker, refused] = await Promise.all([0, 1].map(() => Client.as(suite.platform, 'customer')));
    expect((await recordHold(records, taker!, period)).status).toBe(201);
    expect((await recordHold(records, refused!, period)).status).toBe(409);
    const booking = suite.platform.database('booking');
    expect(await holdsAsAnswered(records, booking)).toEqual([]);

    // As if the refused customer's attempt had taken the car after all.
    await booking.query('UPDATE booking SET customer_id = $1 WHERE booking_id = $2', [
      refused!.userId,
      records[0]!.bookingId,
    ]);
    expect(await holdsAsAnswered(records, booking)).toEqual([
      `hold ${records[0]!.bookingId} for ${taker!.userId} on ${car['resourceId'] as string} was answered 201 and is not stored`,
      `booking ${records[0]!.bookingId} for ${refused!.userId} on ${car['resourceId'] as string} was never answered 201`,
    ]);
  });

  it('holds a move to where its answer put the booking, and counts emails at the inbox', async () => {
    const car = await suite.admin.createResource();
    const customer = await Client.as(suite.platform, 'customer');
    const from = { start: hoursFromNow(suite.platform, 600), end: hoursFromNow(suite.platform, 624) };
    const to = { start: hoursFromNow(suite.platform, 700), end: hoursFromNow(suite.platform, 724) };
    const { bookingId } = (await customer.holdOk({ resourceId: car['resourceId'], ...from })) as {
      bookingId: string;
    };
    expect((await customer.send('POST', `/v1/bookings/${bookingId}/reschedule`, to)).status).toBe(200);
    const booking = suite.platform.database('booking');
    const moved = { bookingId, from, to, status: 200, retried: false };
    expect(await reschedulesAsAnswered([moved], booking)).toEqual([]);
    expect(await reschedulesAsAnswered([{ ...moved, retried: true, status: 409 }], booking)).toEqual([]);
    expect(await reschedulesAsAnswered([{ ...moved, status: 409 }], booking)).toEqual([
      expect.stringMatching(new RegExp(`^booking ${bookingId} moved \\(answered 409\\) is at `)),
    ]);

    // The first test's confirmations, cancellation and refund reached the inbox once each.
    const notification = suite.platform.database('notification');
    const inbox = suite.platform.messaging.mail.received;
    await expectEventually(async () => expect(inbox.length).toBeGreaterThanOrEqual(4));
    expect(await emailsOncePerKind(inbox, notification)).toEqual([]);
    const resent = [...inbox, inbox[0]!, { messageId: '<someone-else@example.com>' }];
    expect(await emailsOncePerKind(resent, notification)).toEqual([
      'an email the platform has no notification for (Message-ID <someone-else@example.com>)',
      expect.stringMatching(/^2 emails received for the \w+ of booking /),
    ]);
  });

  it('finds each promise broken when it is planted behind the constraints that keep it', async () => {
    const [first, second] = paid.map((booking) => booking['bookingId'] as string);
    const booking = suite.platform.database('booking');
    const copy = async (
      pool: typeof booking,
      table: string,
      idColumn: string,
      where: string,
      args: unknown[],
    ) => {
      const client = await pool.connect();
      try {
        await client.query(
          `CREATE TEMP TABLE planted AS SELECT * FROM ${table} WHERE ${where} LIMIT 1`,
          args,
        );
        await client.query(`UPDATE planted SET ${idColumn} = gen_random_uuid()`);
        const { rowCount } = await client.query(`INSERT INTO ${table} SELECT * FROM planted`);
        expect(rowCount).toBe(1);
        await client.query('DROP TABLE planted');
      } finally {
        client.release();
      }
    };
    await booking.query('ALTER TABLE booking DROP CONSTRAINT booking_no_overlap');
    await copy(booking, 'booking', 'booking_id', 'booking_id = $1', [second]);
    await booking.query('UPDATE booking SET paid_amount = paid_amount + 1 WHERE booking_id = $1', [second]);
    await booking.query(
      `INSERT INTO outbox (event_id, topic, message_key, lane, payload, published_at)
       VALUES (gen_random_uuid(), $1, $2, 0, '{}', now())`,
      [suite.platform.topics.booking, first],
    );
    const refund = suite.platform.database('refund');
    await refund.query('ALTER TABLE refund DROP CONSTRAINT refund_one_per_payment');
    await copy(refund, 'refund', 'refund_id', 'booking_id = $1', [first]);
    const notification = suite.platform.database('notification');
    await notification.query('ALTER TABLE notification DROP CONSTRAINT notification_once_per_kind');
    await copy(notification, 'notification', 'notification_id', 'booking_id = $1', [second]);

    const found = await checkInvariants(sources());
    expect(found.get('no two active bookings of one resource overlap')).toHaveLength(1);
    // The overlapping copy too: it says it was paid, with no payment of its own.
    const unpaid = found.get('every paid booking has the payment it was paid with');
    expect(unpaid).toHaveLength(2);
    expect(unpaid).toContainEqual(`booking ${second} paid 2000001, payments 2000000`);
    expect(found.get('at most one refund per payment')).toHaveLength(1);
    expect(found.get('at most one message per booking and kind')).toEqual([
      expect.stringContaining(`booking ${second}`),
    ]);
    expect(
      found.get(
        "every booking event marked published is on its topic, a booking's on one partition, in order",
      ),
    ).toEqual([expect.stringContaining('marked published, never received')]);
  });
});

describe('the proof checker on an outbox no relay drains', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('unpublished', OUTBOX_MIGRATIONS);
  });
  afterAll(() => db.drop());

  it('reports rows left unpublished, service by service', async () => {
    const invariant = INVARIANTS.find((each) => each.name === 'every outbox row was published')!;
    const onlyThisDatabase: CheckedSources = {
      database: () => db.pool,
      bookingTopic: { name: 'unused', received: [] },
    };
    expect(await invariant.violations(onlyThisDatabase)).toEqual([]);
    await db.pool.query(
      `INSERT INTO outbox (event_id, topic, message_key, lane, payload) VALUES (gen_random_uuid(), 't', 'k', 0, '{}')`,
    );
    expect(await invariant.violations(onlyThisDatabase)).toEqual([
      'booking: 1 outbox rows not published',
      'payment: 1 outbox rows not published',
      'refund: 1 outbox rows not published',
      'notification: 1 outbox rows not published',
    ]);
  });
});
