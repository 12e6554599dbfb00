import type { DeliveryOutcome, OutgoingMessage } from '../application/ports/delivery';

/**
 * SMS over the provider's HTTP API. The request carries the message's id as `Idempotency-Key`,
 * so a retry after a timeout gets the first answer and never a second text.
 */
export class SmsClient {
  constructor(private readonly settings: { baseUrl: string; apiKey: string; timeoutMs: number }) {}

  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    let response: Response;
    try {
      response = await fetch(new URL('/v1/messages', this.settings.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': message.id,
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      return { outcome: 'retryable', reason: error instanceof Error ? error.message : String(error) };
    }
    await response.body?.cancel();
    if (response.ok) return { outcome: 'sent' };
    const reason = `SMS provider answered ${response.status}`;
    const retryable = response.status >= 500 || response.status === 409 || response.status === 429;
    return { outcome: retryable ? 'retryable' : 'rejected', reason };
  }
}
