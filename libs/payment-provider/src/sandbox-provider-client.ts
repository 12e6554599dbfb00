import type { CheckoutRequest, PaymentProvider, RefundRequest, RefundResult } from './payment-provider';

export interface SandboxProviderSettings {
  /** The sandbox's API, e.g. http://127.0.0.1:3010. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** The adapter for the local sandbox provider, spoken over its HTTP API like a real one. */
export class SandboxProviderClient implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly settings: SandboxProviderSettings) {}

  async createCheckout(charge: CheckoutRequest): Promise<{ url: string }> {
    const response = await this.call('/v1/checkout_sessions', {}, charge);
    if (response.status !== 201) throw new Error(`sandbox checkout failed: ${response.status}`);
    const session = (await response.json()) as { url: string };
    return { url: session.url };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    let response: Response;
    try {
      response = await this.call(
        '/v1/refunds',
        { 'idempotency-key': request.idempotencyKey },
        { payment: request.txnId, amount: request.amount, currency: request.currency },
      );
    } catch (error) {
      return { outcome: 'retryable', reason: error instanceof Error ? error.message : String(error) };
    }
    const body = (await response.json().catch(() => ({}))) as { id?: string; error?: { code?: string } };
    if (response.ok && body.id) return { outcome: 'succeeded', refundId: body.id };
    const reason = `${response.status} ${body.error?.code ?? 'error'}`;
    // 409 (a concurrent request with the key) and 429 clear up by themselves; other 4xx do not.
    const retryable = response.status >= 500 || response.status === 409 || response.status === 429;
    return { outcome: retryable ? 'retryable' : 'rejected', reason };
  }

  private call(path: string, headers: Record<string, string>, body: unknown): Promise<Response> {
    return fetch(new URL(path, this.settings.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.settings.apiKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
  }
}
