import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { signWebhook, WEBHOOK_HEADERS } from '@booking/payment-provider';
import type { Clock } from '@booking/time';
import type { Payment } from './sandbox-ledger';

/** How the sandbox misbehaves when it delivers, as real providers sometimes do. */
export interface DeliveryBehaviour {
  /** Each event is sent this many times at once, with the same webhook-id. */
  copies: number;
  /** `payment.succeeded` is sent this many more times, each with a webhook-id of its own. */
  extraIds: number;
  /** Waited before the first delivery. */
  delayMs: number;
  /** `payment.succeeded` goes before the `payment.processing` that should precede it. */
  outOfOrder: boolean;
}

export const NORMAL_DELIVERY: DeliveryBehaviour = { copies: 1, extraIds: 0, delayMs: 0, outOfOrder: false };

export interface DeliveryRecord {
  webhookId: string;
  type: string;
  txnId: string;
  status: number | 'error';
  attempt: number;
}

const RETRY_DELAYS_MS = [200, 400, 800, 1_600, 3_200];

/**
 * Signs and posts the events of one payment to the merchant's webhook URL, at least once:
 * a delivery answered with anything but 2xx (or not at all) is retried with backoff.
 */
export class WebhookSender {
  readonly log: DeliveryRecord[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly settings: { url: string | (() => string); secrets: readonly string[]; clock: Clock },
  ) {}

  deliverPayment(payment: Payment, behaviour: DeliveryBehaviour): void {
    const data = {
      txnId: payment.txnId,
      bookingId: payment.bookingId,
      amount: payment.amount,
      currency: payment.currency,
      paidAt: payment.paidAt.toISOString(),
    };
    const processing = { id: `msg_${randomUUID()}`, type: 'payment.processing', data };
    const succeeded = { id: `msg_${randomUUID()}`, type: 'payment.succeeded', data };
    const ordered = behaviour.outOfOrder ? [succeeded, processing] : [processing, succeeded];
    const extra = Array.from({ length: behaviour.extraIds }, () => ({
      ...succeeded,
      id: `msg_${randomUUID()}`,
    }));
    const run = (async () => {
      if (behaviour.delayMs > 0) await sleep(behaviour.delayMs);
      for (const event of [...ordered, ...extra])
        await Promise.all(Array.from({ length: behaviour.copies }, () => this.deliver(event)));
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Waits for deliveries under way; sends nothing new afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(event: { id: string; type: string; data: Payment | object }): Promise<void> {
    const body = JSON.stringify({ type: event.type, data: event.data });
    const txnId = (event.data as { txnId: string }).txnId;
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1 && !this.closed; attempt++) {
      const timestamp = Math.floor(this.settings.clock.now().getTime() / 1000);
      const url = typeof this.settings.url === 'string' ? this.settings.url : this.settings.url();
      const status = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.id]: event.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(this.settings.secrets, { id: event.id, timestamp, body }),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 'error' as const,
      );
      this.log.push({ webhookId: event.id, type: event.type, txnId, status, attempt });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
    }
  }
}
