import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { FixedWindowLimiter } from '@booking/nest-kit';
import type { GatewayConfig } from '../gateway-config';
import { GATEWAY_CONFIG, GATEWAY_REDIS } from '../tokens';

/**
 * Booking attempts per client address (`HOLD_ADDRESS_RATE_LIMIT` per window), counted before the
 * booking service sees them; the address is the peer's, or the one `TRUST_PROXY` vouches for.
 */
@Injectable()
export class HoldAddressLimit {
  private readonly limiter: FixedWindowLimiter;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.limiter = new FixedWindowLimiter(redis, 'booking attempts', {
      attempts: config.HOLD_ADDRESS_RATE_LIMIT,
      windowSeconds: config.HOLD_ADDRESS_RATE_WINDOW_SECONDS,
    });
  }

  consume(address: string): Promise<void> {
    return this.limiter.consume(address);
  }
}
