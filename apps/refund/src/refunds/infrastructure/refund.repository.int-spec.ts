import { randomUUID } from 'node:crypto';
import { withTransaction } from '@booking/db';
import { createTestDatabase, type TestDatabase } from '@booking/testing';
import { refundMigrations } from '../../migrations';
import type { RefundOrder } from '../domain/refund';
import { PgRefundRepository } from './refund.repository';

describe('PgRefundRepository on PostgreSQL', () => {
  let db: TestDatabase;
  const refunds = new PgRefundRepository();
  const now = new Date('2027-04-01T10:00:00Z');
  const lease = new Date(now.getTime() + 30_000);

  beforeAll(async () => {
    db = await createTestDatabase('refund-repo', refundMigrations);
  });
  afterAll(() => db.drop());

  const order = (overrides: Partial<RefundOrder> = {}): RefundOrder => ({
    bookingId: randomUUID(),
    txnId: `pi_${randomUUID()}`,
    amount: 2_000_000,
    currency: 'VND',
    reason: 'cancelled',
    ...overrides,
  });
  const insert = (refund: RefundOrder, at = now) =>
    withTransaction(db.pool, (tx) => refunds.insertOnce(tx, refund, at));
  const claim = (at = now, limit = 100) =>
    withTransaction(db.pool, (tx) => refunds.claimDue(tx, at, lease, limit));

  it('makes one refund per payment, however many requests race for it', async () => {
    const request = order();
    const made = await Promise.all([
      insert(request),
      insert(request),
      insert({ ...request, reason: 'again' }),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await insert({ ...request, txnId: `pi_${randomUUID()}` })).toBe(true);
  });

  it('leases a due refund to one worker per attempt, and offers it again once the lease runs out', async () => {
    const request = order();
    await insert(request);
    const mine = (claimed: { txnId: string }[]) => claimed.filter((refund) => refund.txnId === request.txnId);
    const [first, second] = await Promise.all([claim(), claim()]);
    expect([...mine(first), ...mine(second)]).toHaveLength(1);
    expect([...mine(first), ...mine(second)][0]).toMatchObject({ attempts: 1, status: 'pending' });
    expect(mine(await claim(new Date(lease.getTime() - 1)))).toEqual([]);
    expect(mine(await claim(lease))).toMatchObject([{ attempts: 2 }]);
  });

  it('ends a refund once: the second outcome, or a retry after it, changes nothing', async () => {
    const request = order();
    await insert(request);
    const [refund] = (await claim()).filter((claimed) => claimed.txnId === request.txnId);
    const finish = (outcome: Parameters<PgRefundRepository['finish']>[2]) =>
      withTransaction(db.pool, (tx) => refunds.finish(tx, refund!.refundId, outcome, now));
    expect(await finish({ status: 'succeeded', providerRefundId: 're_1' })).toBe(true);
    expect(await finish({ status: 'failed', error: 'late' })).toBe(false);
    await withTransaction(db.pool, (tx) => refunds.scheduleRetry(tx, refund!.refundId, now, 'late', now));
    const { rows } = await db.pool.query(
      'SELECT status, provider_refund_id, last_error FROM refund WHERE refund_id = $1',
      [refund!.refundId],
    );
    expect(rows).toEqual([{ status: 'succeeded', provider_refund_id: 're_1', last_error: null }]);
    expect(
      (await claim(new Date(now.getTime() + 3_600_000))).map((claimed) => claimed.refundId),
    ).not.toContain(refund!.refundId);
  });
});
