import { OUTBOX_MIGRATIONS } from '@booking/outbox';
import {
  createTestDatabase,
  expectEventually,
  TopicCollector,
  uniqueName,
  type TestDatabase,
} from '@booking/testing';
import {
  chargeWithoutWebhooks,
  Client,
  hoursFromNow,
  platformForSuite,
  postWebhook,
  signedWebhook,
  type Json,
} from './fixtures';
import {
  checkInvariants,
  INVARIANTS,
  topicsAsRead,
  writtenTopics,
  type CheckedSources,
} from './proof/invariants';
import { holdsAsAnswered, recordHold, type RecordedHold } from './proof/recorded-holds';
import { emptyLoadRecord } from './proof/recording-load';
import {
  capturesSettled,
  emailsOncePerKind,
  outcomesAsAnswered,
  reschedulesAsAnswered,
} from './proof/recorded-outcomes';

describe('the proof checker over a running platform', () => {
  const suite = platformForSuite('2026-06-01T00:00:00Z');
  // The checker's own consumer of every topic the services write.
  let everyTopic: TopicCollector;
  beforeAll(async () => {
    everyTopic = await new TopicCollector(suite.platform.kafka, uniqueName('checker')).start(
      writtenTopics(suite.platform.topics).map((topic) => topic.name),
    );
  });
  afterAll(() => everyTopic.stop());
  const sources = (): CheckedSources => ({
    database: (service) => suite.platform.database(service),
    topics: topicsAsRead(suite.platform.topics, everyTopic.received),
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
    const { ledger } = suite.platform.sandbox;
    expect(
      await capturesSettled(
        { captures: ledger.captures(), refunds: ledger.refunds },
        suite.platform.database('booking'),
      ),
    ).toEqual([]);
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
      found.get("every event marked published is on its topic, a key's on one partition, in order"),
    ).toEqual([expect.stringContaining('marked published, never received')]);
  });

  it('finds money taken for nothing, a payment event lost or written twice, a refund made twice, a payment recorded twice', async () => {
    const bookingDb = suite.platform.database('booking');
    const paymentDb = suite.platform.database('payment');
    const { ledger } = suite.platform.sandbox;
    const topic = suite.platform.topics.payment;

    // The provider took a deposit whose payment.succeeded never arrived: no booking, no refund.
    const car = await suite.admin.createResource();
    const customer = await Client.as(suite.platform, 'customer');
    const held = await customer.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(suite.platform, 900),
      end: hoursFromNow(suite.platform, 924),
    });
    const lost = chargeWithoutWebhooks(suite.platform, {
      bookingId: held['bookingId'] as string,
      amount: held['depositAmount'] as number,
      currency: held['currency'] as string,
    });
    expect(
      await capturesSettled({ captures: ledger.captures(), refunds: ledger.refunds }, bookingDb),
    ).toEqual([
      `payment ${lost} of ${held['bookingId'] as string}: 2000000 taken, confirmed nothing, refunded 0`,
    ]);

    // On payment.v1: an event marked published that never reached Kafka, and one fact written twice.
    const {
      rows: [written],
    } = await paymentDb.query<{ txn: string }>(
      `SELECT payload->'data'->>'txnId' AS txn FROM outbox WHERE topic = $1 AND payload->>'type' = 'payment.succeeded' LIMIT 1`,
      [topic],
    );
    await paymentDb.query(
      `INSERT INTO outbox (event_id, topic, message_key, lane, payload, published_at)
       VALUES (gen_random_uuid(), $1, 'lost-payment', 0, '{"type":"payment.succeeded","data":{"txnId":"pi_lost"}}', now())`,
      [topic],
    );
    await paymentDb.query(
      `INSERT INTO outbox (event_id, topic, message_key, lane, payload, published_at)
       SELECT gen_random_uuid(), topic, message_key, lane, payload, now() FROM outbox
        WHERE topic = $1 AND payload->'data'->>'txnId' = $2`,
      [topic, written!.txn],
    );
    const found = await checkInvariants(sources());
    // (booking.v1's line is the planted event of the test before.)
    const onPaymentTopic = found
      .get("every event marked published is on its topic, a key's on one partition, in order")!
      .filter((line) => line.startsWith(`${topic}: `));
    expect(onPaymentTopic).toEqual([
      expect.stringMatching(
        new RegExp(`^${topic}: event .* of lost-payment marked published, never received$`),
      ),
      expect.stringMatching(new RegExp(`^${topic}: event .* marked published, never received$`)),
    ]);
    expect(found.get('no fact is published twice under two event ids')).toEqual([
      `${topic}: "payment.succeeded ${written!.txn}" published as 2 events`,
    ]);

    // The first test's cancelled booking: one payment, refunded once in full, is clean…
    const cancelledId = paid[0]!['bookingId'] as string;
    const {
      rows: [payment],
    } = await paymentDb.query<{ txn_id: string; amount: string }>(
      'SELECT txn_id, amount::text FROM payment WHERE booking_id = $1',
      [cancelledId],
    );
    const record = {
      ...emptyLoadRecord(),
      cancels: [{ bookingId: cancelledId, sentAt: 0, answeredAt: 0, status: 200 }],
      payments: [{ bookingId: cancelledId, txnId: payment!.txn_id, amount: Number(payment!.amount) }],
    };
    const books = { captures: [], refunds: ledger.refunds, emails: [] };
    const database = (service: 'booking' | 'payment' | 'refund' | 'notification') =>
      suite.platform.database(service);
    expect(await outcomesAsAnswered(record, database, books)).toEqual([]);
    // …until the provider refunds it twice,
    const refund = ledger.refunds.find((each) => each.payment === payment!.txn_id)!;
    expect(
      await outcomesAsAnswered(record, database, { ...books, refunds: [...ledger.refunds, refund] }),
    ).toEqual([
      expect.stringMatching(new RegExp(`^payment ${payment!.txn_id} of a cancelled booking: 2 refunds`)),
    ]);
    // or the payment service records the payment twice.
    await paymentDb.query('ALTER TABLE payment DROP CONSTRAINT payment_pkey');
    await paymentDb.query('INSERT INTO payment SELECT * FROM payment WHERE txn_id = $1', [payment!.txn_id]);
    expect(await outcomesAsAnswered(record, database, books)).toEqual([
      `payment ${payment!.txn_id} of ${cancelledId} recorded 2 times`,
    ]);
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
    const onlyThisDatabase: CheckedSources = { database: () => db.pool, topics: [] };
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
