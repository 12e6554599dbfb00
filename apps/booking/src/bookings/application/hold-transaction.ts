import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type Caller, type CreateBookingRequest } from '@booking/contracts';
import type { TransactionClient } from '@booking/db';
import { CLOCK } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { CustomerStanding } from '../../customers/application/customer-standing';
import type { BookingWarning } from '../../customers/domain/standing';
import type { Resource } from '../../resources/domain/resource';
import { ResourceRepository } from '../../resources/infrastructure/resource.repository';
import { AvailabilityCache } from '../infrastructure/availability-cache';
import { HoldRateLimiter } from '../infrastructure/hold-rate-limiter';
import {
  fingerprintOf,
  IdempotencyStore,
  type IdempotentResult,
  type StoredResponse,
} from '../infrastructure/idempotency-store';

export interface HoldContext {
  tx: TransactionClient;
  /** Locked (FOR NO KEY UPDATE) for the rest of the transaction: racing holds on it queue. */
  resource: Resource;
  now: Date;
  /**
   * Call it once the request has passed validation, with the (first) start it books: refuses a
   * customer whose standing forbids that start (403 `customer_restricted`), then counts the
   * attempt against the rate limit. Resolves with the warnings the response carries.
   */
  admit: (start: Date) => Promise<BookingWarning[]>;
}

/**
 * What a single hold and a series share around their own work: the Idempotency-Key (its row
 * commits with the work), the resource's row lock, the rate limit, and the search cache bumped
 * after a new booking commits (not on a replay).
 */
@Injectable()
export class HoldTransaction {
  constructor(
    private readonly resources: ResourceRepository,
    private readonly idempotency: IdempotencyStore,
    private readonly rateLimiter: HoldRateLimiter,
    private readonly cache: AvailabilityCache,
    private readonly standing: CustomerStanding,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(
    caller: Caller,
    request: CreateBookingRequest,
    idempotencyKey: string | undefined,
    work: (context: HoldContext) => Promise<StoredResponse>,
  ): Promise<IdempotentResult> {
    const now = this.clock.now();
    let city: string | undefined;
    const result = await this.idempotency.run(
      { customerId: caller.userId, key: idempotencyKey, fingerprint: fingerprintOf(request), now },
      (tx) => this.resources.findForHold(tx, request.resourceId),
      async (tx, resource) => {
        if (!resource) throw new DomainError('not_found', `No resource ${request.resourceId}.`);
        city = resource.city;
        const admit = async (start: Date): Promise<BookingWarning[]> => {
          // Read on the transaction's connection, so it travels with the statements issued next.
          const warnings = await this.standing.mayBook(caller.userId, start, now, tx);
          await this.rateLimiter.consume(caller.userId);
          return warnings;
        };
        return work({ tx, resource, now, admit });
      },
    );
    if (result.status === 201 && !result.replayed && city !== undefined) await this.cache.invalidate([city]);
    return result;
  }
}
