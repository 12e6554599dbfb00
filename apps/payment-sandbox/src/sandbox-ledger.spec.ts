import { SandboxLedger } from './sandbox-ledger';

function paid(ledger: SandboxLedger, amount = 1000) {
  return ledger.pay(ledger.openSession({ bookingId: 'b1', amount, currency: 'VND' }), new Date()).payment;
}

describe('SandboxLedger', () => {
  it('charges a session once however often it is paid', () => {
    const ledger = new SandboxLedger();
    const session = ledger.openSession({ bookingId: 'b1', amount: 1000, currency: 'VND' });
    const first = ledger.pay(session, new Date());
    const second = ledger.pay(session, new Date());
    expect(first.isNew).toBe(true);
    expect(second).toEqual({ payment: first.payment, isNew: false });
  });

  it('answers a retried refund with the first refund and makes no second', () => {
    const ledger = new SandboxLedger();
    const payment = paid(ledger);
    const request = { payment: payment.txnId, amount: 1000, currency: 'VND' };
    const first = ledger.refund('k1', request);
    const again = ledger.refund('k1', request);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, replayed: true });
    expect(ledger.refunds).toHaveLength(1);
  });

  it('refuses a reused key with another request, an unknown payment, and refunding more than was paid', () => {
    const ledger = new SandboxLedger();
    const payment = paid(ledger);
    ledger.refund('k1', { payment: payment.txnId, amount: 600, currency: 'VND' });
    expect(ledger.refund('k1', { payment: payment.txnId, amount: 400, currency: 'VND' })).toMatchObject({
      status: 400,
      code: 'idempotency_key_reused',
    });
    expect(ledger.refund('k2', { payment: 'pi_nope', amount: 1, currency: 'VND' })).toMatchObject({
      status: 404,
    });
    expect(ledger.refund('k3', { payment: payment.txnId, amount: 401, currency: 'VND' })).toMatchObject({
      code: 'amount_too_large',
    });
    expect(ledger.refund('k4', { payment: payment.txnId, amount: 400, currency: 'USD' })).toMatchObject({
      code: 'currency_mismatch',
    });
    expect(ledger.refund('k5', { payment: payment.txnId, amount: 400, currency: 'VND' }).status).toBe(200);
  });
});
