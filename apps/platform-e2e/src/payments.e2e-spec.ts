import { randomUUID } from 'node:crypto';
import type { CloudEvent } from '@booking/contracts';
import { expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { formatUtc } from '@booking/time';
import {
  chargeWithoutWebhooks,
  Client,
  hoursFromNow,
  postWebhook,
  publishEvent,
  publishPayment,
  readJson,
  signedWebhook,
  type Json,
} from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const DEPOSIT = 2_000_000;

describe('payments and refunds through the gateway, the sandbox provider and Kafka', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let events: TopicCollector;
  let car: Json;

  beforeAll(async () => {
    platform = await startPlatform({ now: '2026-04-01T00:00:00Z' });
    admin = await Client.as(platform, 'admin');
    events = await new TopicCollector(platform.kafka, uniqueName('events')).start([
      platform.topics.booking,
      platform.topics.payment,
      platform.topics.refund,
    ]);
    car = await admin.createResource();
  });
  afterAll(async () => {
    await events.stop();
    await platform.stop();
  });

  /** Each hold gets a period of its own on the shared car, and a customer of its own (rate limit). */
  let nextSlot = 0;
  async function hold(): Promise<{ client: Client; booking: Json; bookingId: string }> {
    const client = await Client.as(platform, 'customer');
    const slot = nextSlot++;
    const booking = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 100 + slot * 3),
      end: hoursFromNow(platform, 101 + slot * 3),
    });
    return { client, booking, bookingId: booking['bookingId'] as string };
  }

  const ofBooking = (bookingId: string, type?: string): CloudEvent[] =>
    events
      .distinct()
      .filter((event) => event.subject === bookingId && (type === undefined || event.type === type));

  /** Refund requests the booking service wrote for a booking: committed with the change that asked. */
  const refundRequestsOf = async (bookingId: string): Promise<number> =>
    (await platform.outboxTypes('booking', bookingId)).filter((type) => type === 'refund.requested').length;

  async function statusOf(bookingId: string): Promise<Json> {
    return readJson(await admin.send('GET', `/v1/bookings/${bookingId}`));
  }

  async function count(service: 'payment' | 'refund', sql: string, values: unknown[] = []): Promise<number> {
    const { rows } = await platform.database(service).query<{ n: string }>(sql, values);
    return Number(rows[0]!.n);
  }

  /** Moves the platform clock while waiting, so retries scheduled by it come due. */
  function eventuallyWithClock<T>(assertion: () => Promise<T>, stepMs = 500): Promise<T> {
    return expectEventually(async () => {
      platform.clock.advance(stepMs);
      return assertion();
    });
  }

  const paymentBody = (bookingId: string, txnId: string, amount = DEPOSIT, currency = 'VND') => ({
    type: 'payment.succeeded',
    data: { txnId, bookingId, amount, currency },
  });

  it('pays a hold through its paymentUrl: 303 to the provider’s checkout, Pay, signed webhook, CONFIRMED', async () => {
    const { client, booking, bookingId } = await hold();
    const link = new URL(booking['paymentUrl'] as string);
    expect(link.pathname).toBe(`/v1/payments/checkout/${bookingId}`);
    const redirect = await fetch(`${platform.gatewayUrl}${link.pathname}${link.search}`, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(303);
    const checkoutUrl = redirect.headers.get('location')!;
    expect(checkoutUrl.startsWith(platform.sandbox.url)).toBe(true);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('<button type="submit">Pay 2,000,000 VND</button>');
    // Paid, the customer is sent back to the booking's page in the front end (BOOKING_LINK_URL).
    const bookingPage = `http://127.0.0.1:5173/bookings/${bookingId}`;
    expect(page).toContain(`<a href="${bookingPage}">Back without paying</a>`);
    const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({
      status: 303,
      location: bookingPage,
    });
    expect(await (await fetch(checkoutUrl)).text()).toContain(
      `<a href="${bookingPage}">Back to the booking</a>`,
    );

    const confirmed = await expectEventually(async () => {
      const current = await readJson(await client.send('GET', `/v1/bookings/${bookingId}`));
      expect(current).toMatchObject({ status: 'CONFIRMED', paidAmount: DEPOSIT, paymentUrl: null });
      return current;
    });
    expect(confirmed['holdExpiresAt']).toBeNull();
    await expectEventually(() => expect(ofBooking(bookingId, 'booking.confirmed')).toHaveLength(1));
    // Written once by each service: what Kafka carries can only be copies of these rows.
    expect(await platform.outboxTypes('payment', bookingId)).toEqual(['payment.succeeded']);
    expect(await platform.outboxTypes('booking', bookingId)).toEqual(['booking.held', 'booking.confirmed']);
    const [payment] = ofBooking(bookingId, 'payment.succeeded');
    expect(payment).toMatchObject({ source: 'payment-service', subject: bookingId });
    expect(payment!.data).toMatchObject({ bookingId, amount: DEPOSIT, currency: 'VND' });
  });

  it('has one effect for 5 concurrent copies of one webhook-id, out of order, plus 2 other webhook-ids for the same payment', async () => {
    const { bookingId } = await hold();
    platform.sandbox.setFaults({ delivery: { copies: 5, extraIds: 2, outOfOrder: true } });
    try {
      const { txnId } = platform.sandbox.pay({ bookingId, amount: DEPOSIT, currency: 'VND' });
      await expectEventually(() => {
        const delivered = platform.sandbox.deliveries.filter((d) => d.txnId === txnId && d.status === 200);
        // (processing + succeeded) × 5 copies + 2 × 5 under other ids.
        expect(delivered).toHaveLength(20);
      });
      const first = platform.sandbox.deliveries.find((d) => d.txnId === txnId);
      expect(first?.type).toBe('payment.succeeded');
      await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
      expect(await count('payment', 'SELECT count(*) AS n FROM payment WHERE txn_id = $1', [txnId])).toBe(1);
      await expectEventually(() => expect(ofBooking(bookingId, 'booking.confirmed')).toHaveLength(1));
      // Every delivery has been answered, so the payment service has written all it ever will.
      expect(await platform.outboxTypes('payment', bookingId)).toEqual(['payment.succeeded']);
      expect(await platform.outboxTypes('booking', bookingId)).toEqual(['booking.held', 'booking.confirmed']);
    } finally {
      platform.sandbox.setFaults({ delivery: { copies: 1, extraIds: 0, outOfOrder: false } });
    }
  });

  it('answers 401 and records nothing for a bad signature, a tampered body, missing headers, or a timestamp 10 minutes off', async () => {
    const bookingId = randomUUID();
    const body = paymentBody(bookingId, `pi_${randomUUID()}`);
    const now = platform.clock.now().getTime();
    const tenMinutes = 10 * 60_000;
    const forged = signedWebhook(platform, body, { secrets: ['whsec_bm90IHRoZSBrZXk='] });
    const tampered = signedWebhook(platform, body);
    tampered.body = tampered.body.replace(String(DEPOSIT), '1');
    const unsigned = signedWebhook(platform, body);
    delete unsigned.headers['webhook-signature'];
    const deliveries = [
      forged,
      tampered,
      unsigned,
      signedWebhook(platform, body, { at: new Date(now - tenMinutes) }),
      signedWebhook(platform, body, { at: new Date(now + tenMinutes) }),
    ];
    const tables = ['webhook_delivery', 'payment', 'outbox'];
    const before = await Promise.all(
      tables.map((table) => count('payment', `SELECT count(*) AS n FROM ${table}`)),
    );
    for (const delivery of deliveries) {
      const response = await postWebhook(platform, delivery);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await readJson(response);
      expect(problem).toMatchObject({ status: 401, code: 'unauthorized' });
      // Which check failed is for metrics and the log, not for the caller.
      expect(Object.keys(problem).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
    }
    const after = await Promise.all(
      tables.map((table) => count('payment', `SELECT count(*) AS n FROM ${table}`)),
    );
    expect(after).toEqual(before);
  });

  it('accepts a delivery whose second signature is the valid one (secret rotation), and ignores unknown types', async () => {
    const { bookingId } = await hold();
    const txnId = chargeWithoutWebhooks(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    const valid = signedWebhook(platform, paymentBody(bookingId, txnId));
    const wrong = signedWebhook(platform, paymentBody(bookingId, txnId), { secrets: ['retired-secret'] });
    valid.headers['webhook-signature'] =
      `${wrong.headers['webhook-signature']} ${valid.headers['webhook-signature']}`;
    const accepted = await postWebhook(platform, valid);
    expect(accepted.status).toBe(200);
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));

    const unknown = await postWebhook(
      platform,
      signedWebhook(platform, { type: 'charge.dispute.created', data: {} }),
    );
    expect(unknown.status).toBe(200);
    expect(await readJson(unknown)).toMatchObject({ received: true, outcome: 'ignored' });
  });

  it('records a signed payment.succeeded it cannot apply (lower-case currency, fractional amount) with its problem, once', async () => {
    const { bookingId } = await hold();
    const payments = await count('payment', 'SELECT count(*) AS n FROM payment');
    const delivery = signedWebhook(platform, {
      type: 'payment.succeeded',
      data: { txnId: `pi_${bookingId}`, bookingId, amount: 2_000_000.5, currency: 'vnd' },
    });
    // Answered 200: refused with 400, the provider would resend it forever and the money stay stranded.
    for (const expected of ['unprocessable', 'duplicate']) {
      const response = await postWebhook(platform, delivery);
      expect([response.status, (await readJson(response))['outcome']]).toEqual([200, expected]);
    }
    const { rows } = await platform
      .database('payment')
      .query('SELECT event_type, problem FROM webhook_delivery WHERE webhook_id = $1', [
        delivery.headers['webhook-id'],
      ]);
    expect(rows).toEqual([
      { event_type: 'payment.succeeded', problem: expect.stringMatching(/\/amount: .*; \/currency: /) },
    ]);
    expect(await count('payment', 'SELECT count(*) AS n FROM payment')).toBe(payments);
    const metrics = await (await fetch(`${platform.serviceUrls.payment}/metrics`)).text();
    expect(metrics).toMatch(
      /^webhook_deliveries_total\{outcome="unprocessable",reason="",service="payment"\} [1-9]/m,
    );
  });

  it('drops a payment.succeeded that another service than payment published, and counts it', async () => {
    const { bookingId } = await hold();
    await publishEvent(
      platform,
      'payment',
      randomUUID(),
      'payment.succeeded',
      { bookingId, txnId: `pi_${bookingId}`, amount: DEPOSIT, currency: 'VND' },
      'booking-service',
    );
    await expectEventually(async () => {
      const metrics = await (await fetch(`${platform.serviceUrls.booking}/metrics`)).text();
      expect(metrics).toMatch(/^events_dropped_total\{[^}]*reason="foreign_source"[^}]*\} [1-9]/m);
    });
    expect((await statusOf(bookingId))['status']).toBe('HOLD');
    expect(await platform.outboxTypes('booking', bookingId)).toEqual(['booking.held']);
  });

  it('counts a refused delivery by its reason, so a wrong key shows before holds expire', async () => {
    const { bookingId } = await hold();
    const refused = await postWebhook(
      platform,
      signedWebhook(platform, paymentBody(bookingId, `pi_${bookingId}`), {
        secrets: ['not-the-platform-key'],
      }),
    );
    expect(refused.status).toBe(401);
    const metrics = await (await fetch(`${platform.serviceUrls.payment}/metrics`)).text();
    expect(metrics).toMatch(
      /^webhook_deliveries_total\{outcome="refused",reason="no_valid_signature",service="payment"\} [1-9]/m,
    );
  });

  it('refunds a stray second payment of a paid booking on its own: the booking keeps no refund of it', async () => {
    const { bookingId } = await hold();
    platform.sandbox.pay({ bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    // The same booking paid again, in another currency: refunded in full, once.
    const { txnId } = platform.sandbox.pay({ bookingId, amount: 80, currency: 'USD' });
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
    expect(ofBooking(bookingId, 'refund.requested')[0]!.data).toMatchObject({
      txnId,
      reason: 'booking_confirmed',
    });
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
    expect(await statusOf(bookingId)).toMatchObject({
      status: 'CONFIRMED',
      paidAmount: DEPOSIT,
      refund: null,
    });
  });

  it('keeps a wrong-amount hold in HOLD until it expires, and refunds exactly what was paid, once', async () => {
    const { booking, bookingId } = await hold();
    platform.sandbox.pay({ bookingId, amount: DEPOSIT - 1, currency: 'VND' });
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
    expect((await statusOf(bookingId))['status']).toBe('HOLD');
    expect(ofBooking(bookingId, 'refund.requested')[0]!.data).toMatchObject({
      amount: DEPOSIT - 1,
      reason: 'amount_mismatch',
    });
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.amount === DEPOSIT - 1)).toHaveLength(1);
    platform.clock.set(platform.expiryJobTakes(booking['holdExpiresAt'] as string));
    await expectEventually(async () =>
      expect(await statusOf(bookingId)).toMatchObject({
        status: 'EXPIRED',
        refund: { amount: DEPOSIT - 1, status: 'succeeded' },
      }),
    );
    // Checked once expired, as the expiry commits with any events it writes: it asked for no second refund.
    expect(await refundRequestsOf(bookingId)).toBe(1);
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.amount === DEPOSIT - 1)).toHaveLength(1);
  });

  it('refunds a payment that arrives after the hold expired in full, once, and the booking stays EXPIRED', async () => {
    const { booking, bookingId } = await hold();
    platform.clock.set(platform.expiryJobTakes(booking['holdExpiresAt'] as string));
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('EXPIRED'));
    const { txnId } = platform.sandbox.pay({ bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toEqual([
      expect.objectContaining({ amount: DEPOSIT, currency: 'VND' }),
    ]);
    await expectEventually(async () =>
      expect(await statusOf(bookingId)).toMatchObject({
        status: 'EXPIRED',
        paidAmount: 0,
        refund: { amount: DEPOSIT, status: 'succeeded' },
      }),
    );
    expect(ofBooking(bookingId, 'booking.confirmed')).toHaveLength(0);
    expect(await refundRequestsOf(bookingId)).toBe(1);
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
  });

  it('confirms a hold the provider was paid for before it expired, though the webhook comes after expiry', async () => {
    const { booking, bookingId } = await hold();
    const expiresAt = Date.parse(booking['holdExpiresAt'] as string);
    platform.clock.set(new Date(expiresAt - 30_000));
    const txnId = chargeWithoutWebhooks(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    const paidAt = platform.clock.now().toISOString();
    // The provider's delivery is late (its outage, our relay): it lands inside the grace.
    platform.clock.set(new Date(expiresAt + 30_000));
    const body = { type: 'payment.succeeded', data: { ...paymentBody(bookingId, txnId).data, paidAt } };
    expect((await postWebhook(platform, signedWebhook(platform, body))).status).toBe(200);
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    expect(ofBooking(bookingId, 'payment.succeeded')[0]!.data).toMatchObject({
      paidAt: formatUtc(new Date(expiresAt - 30_000)),
    });
    expect(ofBooking(bookingId, 'refund.requested')).toHaveLength(0);
  });

  it('confirms a payment received before expiry but applied by the booking service after it', async () => {
    const { booking, bookingId } = await hold();
    const expiresAt = Date.parse(booking['holdExpiresAt'] as string);
    const txnId = chargeWithoutWebhooks(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    platform.clock.set(new Date(expiresAt + 60_000));
    const paidAt = new Date(expiresAt - 1_000).toISOString();
    await publishEvent(platform, 'payment', randomUUID(), 'payment.succeeded', {
      ...paymentBody(bookingId, txnId).data,
      paidAt,
    });
    await expectEventually(async () =>
      expect(await statusOf(bookingId)).toMatchObject({ status: 'CONFIRMED', paidAmount: DEPOSIT }),
    );
  });

  it('refunds a payment taken after expiry even inside the grace, and bounds a claimed paidAt by its receipt', async () => {
    const { booking, bookingId } = await hold();
    const expiresAt = Date.parse(booking['holdExpiresAt'] as string);
    platform.clock.set(new Date(expiresAt + 10_000));
    const txnId = chargeWithoutWebhooks(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    // A provider claiming a time to come is held to when we heard of it.
    const claimed = new Date(expiresAt + 3_600_000).toISOString();
    const body = {
      type: 'payment.succeeded',
      data: { ...paymentBody(bookingId, txnId).data, paidAt: claimed },
    };
    expect((await postWebhook(platform, signedWebhook(platform, body))).status).toBe(200);
    await expectEventually(() =>
      expect(ofBooking(bookingId, 'refund.requested')[0]?.data).toMatchObject({ reason: 'hold_expired' }),
    );
    const { rows } = await platform
      .database('payment')
      .query<{ paid_at: Date; received_at: Date }>(
        'SELECT paid_at, received_at FROM payment WHERE txn_id = $1',
        [txnId],
      );
    expect(rows).toEqual([
      { paid_at: new Date(expiresAt + 10_000), received_at: new Date(expiresAt + 10_000) },
    ]);
    expect((await statusOf(bookingId))['status']).toBe('HOLD');
    platform.clock.set(platform.expiryJobTakes(booking['holdExpiresAt'] as string));
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('EXPIRED'));
  });

  it('retries a failing provider with backoff: 3 failures, then one effective refund', async () => {
    const { bookingId } = await hold();
    const { txnId } = await publishPayment(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    platform.sandbox.setFaults({ failRefunds: 3 });
    const cancelled = await admin.send('POST', `/v1/bookings/${bookingId}/cancel`, {
      reason: 'car broke down',
    });
    expect(await readJson(cancelled)).toMatchObject({
      refundAmount: DEPOSIT,
      refund: { status: 'requested' },
    });
    await eventuallyWithClock(async () =>
      expect((await statusOf(bookingId))['refund']).toEqual({ amount: DEPOSIT, status: 'succeeded' }),
    );
    const refundRows = await platform
      .database('refund')
      .query('SELECT attempts, status FROM refund WHERE booking_id = $1', [bookingId]);
    expect(refundRows.rows).toEqual([{ attempts: 4, status: 'succeeded' }]);
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
    // The booking service may have read the event before this test's consumer did.
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
  });

  it('gives up after the last attempt: refund.failed, the booking shows it, the failure is counted', async () => {
    const { bookingId } = await hold();
    await publishPayment(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    platform.sandbox.setFaults({ failRefunds: 1_000 });
    try {
      await admin.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
      await eventuallyWithClock(async () =>
        expect((await statusOf(bookingId))['refund']).toEqual({ amount: DEPOSIT, status: 'failed' }),
      );
    } finally {
      platform.sandbox.setFaults({ failRefunds: 0 });
    }
    const [failed] = await expectEventually(() => {
      const seen = ofBooking(bookingId, 'refund.failed');
      expect(seen).toHaveLength(1);
      return seen;
    });
    expect(failed!.data).toMatchObject({ bookingId, amount: DEPOSIT, currency: 'VND', attempts: 8 });
    const metrics = await (await fetch(`${platform.serviceUrls.refund}/metrics`)).text();
    expect(metrics).toMatch(/^refunds_failed_total\{service="refund"\} [1-9]\d*$/m);
  });

  it('makes one refund when the provider makes it but its answer times out (the retry reuses the key)', async () => {
    const { bookingId } = await hold();
    const { txnId } = await publishPayment(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    platform.sandbox.setFaults({ timeoutRefunds: 1 });
    await admin.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
    await eventuallyWithClock(async () =>
      expect((await statusOf(bookingId))['refund']).toEqual({ amount: DEPOSIT, status: 'succeeded' }),
    );
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
    const calls = platform.sandbox.refundCalls.slice(-2).map((call) => call.outcome);
    expect(calls).toEqual(['timed_out', 'answered']);
  });

  it('makes one provider refund for refund.requested delivered 3 times (twice one event id, once another)', async () => {
    const bookingId = randomUUID();
    const txnId = chargeWithoutWebhooks(platform, { bookingId, amount: 700, currency: 'VND' });
    const data = { bookingId, txnId, amount: 700, currency: 'VND', reason: 'unknown_booking' };
    const eventId = randomUUID();
    const otherId = randomUUID();
    await publishEvent(platform, 'booking', eventId, 'refund.requested', data);
    await publishEvent(platform, 'booking', eventId, 'refund.requested', data);
    await publishEvent(platform, 'booking', otherId, 'refund.requested', data);
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
    // The third copy is last on the booking's partition: once its id is in the inbox, all three
    // have been consumed, and the refund table still has one row.
    await expectEventually(async () =>
      expect(
        await count(
          'refund',
          `SELECT count(*) AS n FROM inbox WHERE consumer = 'refund.requests' AND event_id = ANY($1)`,
          [[eventId, otherId]],
        ),
      ).toBe(2),
    );
    expect(await count('refund', 'SELECT count(*) AS n FROM refund WHERE booking_id = $1', [bookingId])).toBe(
      1,
    );
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
  });

  it('re-sends events left unmarked by a relay crash, and every effect still happens once: one confirmation, one refund (ACCEPTANCE 20)', async () => {
    const { bookingId } = await hold();
    // payment.succeeded from the payment service's own outbox, through the real webhook path.
    const { txnId } = platform.sandbox.pay({ bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(async () => expect((await statusOf(bookingId))['status']).toBe('CONFIRMED'));
    await admin.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));

    // The state a relay leaves when it dies after Kafka acknowledged and before it marked the rows
    // (libs/outbox's crash test kills one there): published but unmarked, so sent again.
    const unmark = (service: 'payment' | 'booking', type: string) =>
      platform
        .database(service)
        .query(`UPDATE outbox SET published_at = NULL WHERE message_key = $1 AND payload->>'type' = $2`, [
          bookingId,
          type,
        ]);
    await unmark('payment', 'payment.succeeded');
    await unmark('booking', 'booking.cancelled');
    const copies = (type: string) =>
      events.received.filter((m) => m.event.subject === bookingId && m.event.type === type);
    await expectEventually(() => {
      expect(copies('payment.succeeded')).toHaveLength(2);
      expect(copies('booking.cancelled')).toHaveLength(2);
    });
    expect(new Set(copies('payment.succeeded').map((m) => m.event.id)).size).toBe(1);
    expect(new Set(copies('booking.cancelled').map((m) => m.event.id)).size).toBe(1);
    // Barriers: one more event with the same key behind each copy (same partition, later offset).
    // When its effect shows, the copy before it has been consumed.
    await publishEvent(platform, 'payment', randomUUID(), 'payment.succeeded', {
      bookingId,
      txnId: 'pi_barrier_payment',
      amount: 1,
      currency: 'VND',
    });
    await publishEvent(platform, 'booking', randomUUID(), 'refund.requested', {
      bookingId,
      txnId: 'pi_barrier_refund',
      amount: 1,
      currency: 'VND',
      reason: 'barrier',
    });
    await expectEventually(async () => {
      expect(ofBooking(bookingId, 'refund.requested').map((e) => (e.data as Json)['txnId'])).toContain(
        'pi_barrier_payment',
      );
      expect(
        await count('refund', 'SELECT count(*) AS n FROM refund WHERE booking_id = $1', [bookingId]),
      ).toBe(3);
    });
    expect(ofBooking(bookingId, 'booking.confirmed')).toHaveLength(1);
    expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1);
    // The cancel's refund travels on booking.cancelled; refund.requested was asked exactly twice:
    // the barrier's own, and the booking service's for the barrier payment it cannot apply.
    expect(
      ofBooking(bookingId, 'refund.requested')
        .map((event) => (event.data as Json)['txnId'])
        .sort(),
    ).toEqual(['pi_barrier_payment', 'pi_barrier_refund']);
    expect(platform.sandbox.ledger.refunds.filter((refund) => refund.payment === txnId)).toHaveLength(1);
    const ofThisPayment = 'SELECT count(*) AS n FROM refund WHERE booking_id = $1 AND txn_id = $2';
    expect(await count('refund', ofThisPayment, [bookingId, txnId])).toBe(1);
  });

  it('publishes a paid, then cancelled booking as held → payment.succeeded → confirmed → cancelled → refund.succeeded', async () => {
    const { client, bookingId } = await hold();
    // Each step waits for the one before to be on Kafka: topics are ordered each on its own, not
    // against one another, so only that makes the collected order the causal one.
    await expectEventually(() => expect(ofBooking(bookingId, 'booking.held')).toHaveLength(1));
    const { txnId } = await publishPayment(platform, { bookingId, amount: DEPOSIT, currency: 'VND' });
    await expectEventually(() => expect(ofBooking(bookingId, 'booking.confirmed')).toHaveLength(1));
    await client.send('POST', `/v1/bookings/${bookingId}/cancel`, {});
    await expectEventually(() => expect(ofBooking(bookingId, 'refund.succeeded')).toHaveLength(1));
    expect(ofBooking(bookingId).map((event) => event.type)).toEqual([
      'booking.held',
      'payment.succeeded',
      'booking.confirmed',
      'booking.cancelled',
      'refund.succeeded',
    ]);
    expect(ofBooking(bookingId, 'booking.cancelled')[0]!.data).toMatchObject({
      refundAmount: DEPOSIT,
      refundPercent: 100,
      paymentTxnId: txnId,
    });
  });
});
