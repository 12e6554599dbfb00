import { expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { Client, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const DEPOSIT = 2_000_000;
const ROUNDS = 4;
const HOLDS_PER_ROUND = 50;
/** Either the payment won or the expiry did; never both, never neither. */
const ONE_OF_TWO_ENDS = [
  {
    status: 'CONFIRMED',
    paidAmount: DEPOSIT,
    providerRefunds: [],
    confirmed: 1,
    expired: 0,
    refundRequested: 0,
  },
  {
    status: 'EXPIRED',
    paidAmount: 0,
    providerRefunds: [DEPOSIT],
    confirmed: 0,
    expired: 1,
    refundRequested: 1,
  },
];

/**
 * A payment and the expiry job racing for one hold, 200 times: 4 rounds of 50 holds that all
 * expire at one instant, paid through the sandbox, the clock moved past that instant once 5, 15,
 * 25 or 35 of them have confirmed, while the rest are still on their way. Whichever wins, the booking ends in one consistent state.
 */
describe('webhook racing hold expiry', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let events: TopicCollector;

  beforeAll(async () => {
    platform = await startPlatform({ now: '2026-06-01T00:00:00Z' });
    admin = await Client.as(platform, 'admin');
    events = await new TopicCollector(platform.kafka, uniqueName('race')).start([
      platform.topics.booking,
      platform.topics.refund,
    ]);
  });
  afterAll(async () => {
    await events.stop();
    await platform.stop();
  });

  async function holdsExpiringTogether(round: number): Promise<Json[]> {
    const car = await admin.createResource({ name: `Race car ${round}` });
    const base = platform.clock.now().getTime() + 48 * 3_600_000;
    return Promise.all(
      Array.from({ length: HOLDS_PER_ROUND }, async (_, index) => {
        const customer = await Client.as(platform, 'customer');
        return customer.holdOk({
          resourceId: car['resourceId'],
          start: new Date(base + index * 7_200_000).toISOString(),
          end: new Date(base + index * 7_200_000 + 3_600_000).toISOString(),
        });
      }),
    );
  }

  /** What one race left: the booking, the provider's refunds and the events about it. */
  function observe(settled: Json, txnId: string) {
    const bookingId = settled['bookingId'] as string;
    const types = events
      .distinct()
      .filter((event) => event.subject === bookingId)
      .map((event) => event.type);
    const count = (type: string) => types.filter((seen) => seen === type).length;
    return {
      status: settled['status'],
      paidAmount: settled['paidAmount'],
      providerRefunds: platform.sandbox.ledger.refunds
        .filter((refund) => refund.payment === txnId)
        .map((refund) => refund.amount),
      confirmed: count('booking.confirmed'),
      expired: count('booking.expired'),
      refundRequested: count('refund.requested'),
    };
  }

  it('ends every one of 200 races CONFIRMED without a refund, or EXPIRED with exactly one full refund', async () => {
    const outcomes = { confirmed: 0, expired: 0 };
    const finished: { settled: Json; txnId: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const holds = await holdsExpiringTogether(round);
      const expiresAt = Date.parse(holds[0]!['holdExpiresAt'] as string);
      expect(holds.every((hold) => Date.parse(hold['holdExpiresAt'] as string) === expiresAt)).toBe(true);
      platform.clock.set(new Date(expiresAt - 1));
      const txnOf = new Map<string, string>();
      for (const hold of holds) {
        const bookingId = hold['bookingId'] as string;
        txnOf.set(bookingId, platform.sandbox.pay({ bookingId, amount: DEPOSIT, currency: 'VND' }).txnId);
      }
      // Expiry lands in the middle of the burst: once some payments have confirmed, the rest race it.
      const ids = new Set(txnOf.keys());
      const quota = 5 + round * 10;
      await expectEventually(
        () => {
          const confirmed = events
            .distinct()
            .filter((event) => event.type === 'booking.confirmed' && ids.has(event.subject));
          expect(confirmed.length).toBeGreaterThanOrEqual(quota);
        },
        { intervalMs: 2 },
      );
      // Past the grace: the expiry job now takes every hold whose payment has not been applied.
      platform.clock.set(
        new Date(platform.expiryJobTakes(holds[0]!['holdExpiresAt'] as string).getTime() + 1),
      );

      for (const [bookingId, txnId] of txnOf) {
        const settled = await expectEventually(async () => {
          const booking = await readJson(await admin.send('GET', `/v1/bookings/${bookingId}`));
          expect([
            { status: 'CONFIRMED', refund: null },
            { status: 'EXPIRED', refund: { amount: DEPOSIT, status: 'succeeded' } },
          ]).toContainEqual({ status: booking['status'], refund: booking['refund'] });
          return booking;
        });
        // The row can settle before its event has come through Kafka: wait for the events too.
        await expectEventually(() => expect(ONE_OF_TWO_ENDS).toContainEqual(observe(settled, txnId)));
        finished.push({ settled, txnId });
        outcomes[settled['status'] === 'CONFIRMED' ? 'confirmed' : 'expired']++;
      }
    }
    expect(outcomes.confirmed + outcomes.expired).toBe(ROUNDS * HOLDS_PER_ROUND);
    // A race both sides can win: over 200 of them, each side has won at least once.
    expect(outcomes.confirmed).toBeGreaterThan(0);
    expect(outcomes.expired).toBeGreaterThan(0);
    // Rounds later, a second outcome's event would have arrived: every race still has just one.
    for (const { settled, txnId } of finished)
      expect(ONE_OF_TWO_ENDS).toContainEqual(observe(settled, txnId));
    // Shown with E2E_LOGS=1: how the 200 races fell on this run.
    if (process.env['E2E_LOGS']) process.stdout.write(`race outcomes ${JSON.stringify(outcomes)}\n`);
  });
});
