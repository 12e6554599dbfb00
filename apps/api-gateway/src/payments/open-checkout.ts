import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { checkoutQuery } from '@booking/contracts';
import { FixedWindowLimiter } from '@booking/nest-kit';
import type { GatewayConfig } from '../gateway-config';
import { Upstream, type UpstreamResponse } from '../proxy/upstream';
import { GATEWAY_CONFIG, GATEWAY_REDIS } from '../tokens';

/**
 * A browser following a hold's `paymentUrl`: counted per client address, the link checked and
 * the amount read by the booking service, and only then a provider session opened for it.
 */
@Injectable()
export class OpenCheckout {
  private readonly limiter: FixedWindowLimiter;

  constructor(
    private readonly upstream: Upstream,
    @Inject(GATEWAY_REDIS) redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.limiter = new FixedWindowLimiter(redis, 'checkouts', {
      attempts: config.CHECKOUT_RATE_LIMIT,
      windowSeconds: config.CHECKOUT_RATE_WINDOW_SECONDS,
    });
  }

  async execute(request: FastifyRequest, bookingId: string): Promise<UpstreamResponse> {
    await this.limiter.consume(request.ip);
    const path = encodeURIComponent(bookingId);
    const terms = await this.upstream.forward(request, 'booking', `/bookings/${path}/checkout-terms`);
    if (terms.status !== 200) return terms;
    const { amount, currency } = checkoutQuery.parse(JSON.parse(terms.body.toString('utf8')));
    return this.upstream.forward(request, 'payment', `/payments/checkout/${path}`, {
      query: new URLSearchParams({ amount: String(amount), currency }),
    });
  }
}
