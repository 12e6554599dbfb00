import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type Caller, type CreateBookingRequest } from '@booking/contracts';
import type { TransactionClient } from '@booking/db';
import { CLOCK, SERVICE_CONFIG } from '@booking/nest-kit';
import { holdLimitsOf, type BookingConfig } from '../../booking-config';
import type { HoldLimits } from '../domain/hold-plan';
import { countedHolds } from '../domain/hold-limit';
import type { Clock } from '@booking/time';
import { CustomerStanding } from '../../customers/application/customer-standing';
import type { BookingWarning } from '../../customers/domain/standing';
import type { Resource } from '../../resources/domain/resource';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import { AvailabilityCache } from './ports/availability-cache';
import { HoldRateLimiter } from './ports/hold-rate-limiter';
import { fingerprintOf, IdempotencyStore, type Replayable } from './ports/idempotency-store';

/**
 * What a request asks to hold, checked against the resource's rules; `start` is its (first)
 * start, `held` the bookings it holds now (a series: its occurrences up to the horizon).
 */
export interface PlannedHold<Plan> {
  plan: Plan;
  start: Date;
  held: number;
}

/** A resource, the plan made against it, and the version of its row that plan was made at. */
export interface PlannedAgainst<Plan> {
  resource: Resource;
  plan: Plan;
  version: string;
}

export interface HoldContext<Plan> extends PlannedAgainst<Plan> {
  tx: TransactionClient;
  now: Date;
  /** What the response warns the customer of (their standing). */
  warnings: BookingWarning[];
  /**
   * Locks the resource's row (FOR NO KEY UPDATE) for the rest of the transaction, so racing holds
   * queue, and plans again if the row changed since it was planned against (rare).
   */
  lock: () => Promise<PlannedAgainst<Plan>>;
}

/**
 * What a single hold and a series share around their own work. Everything that costs CPU or
 * waits on another system happens before the resource's row is locked: a replay's answer, the
 * plan (validation and any expansion of a rule), the customer's standing and the rate limit
 * (Redis; under a key's advisory lock when there is a key, so duplicates in progress never count).
 * The row lock is then held only for the hold's own statements; the key row commits with the
 * work, and the search cache is bumped after a new booking commits.
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
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async run<Plan, Outcome extends { kind: string }>(
    caller: Caller,
    request: CreateBookingRequest,
    idempotencyKey: string | undefined,
    prepare: (resource: Resource, now: Date, limits: HoldLimits) => PlannedHold<Plan>,
    work: (context: HoldContext<Plan>) => Promise<Outcome>,
  ): Promise<Replayable<Outcome>> {
    const now = this.clock.now();
    const scope = {
      customerId: caller.userId,
      key: idempotencyKey,
      fingerprint: fingerprintOf(request),
      now,
    };
    const [replay, current, standing] = await Promise.all([
      idempotencyKey === undefined
        ? undefined
        : this.idempotency.findReplay<Outcome>({ ...scope, key: idempotencyKey }),
      this.resources.findCurrent(request.resourceId),
      this.standing.of(caller.userId, now),
    ]);
    if (replay) return replay;
    if (!current) throw new DomainError('not_found', `No resource ${request.resourceId}.`);
    const limits = holdLimitsOf(this.config);
    const planned = prepare(current.resource, now, limits);
    const warnings = this.standing.admit(standing, planned.start, now);
    const result = await this.idempotency.run(scope, {
      // Only attempts that passed validation count: never a replay, nor a duplicate still running.
      admit: async () => {
        const counted = countedHolds(current.resource, planned.held);
        if (counted > 0) await this.rateLimiter.consume(caller.userId, counted);
      },
      work: (tx) => {
        const lock = async (): Promise<PlannedAgainst<Plan>> => {
          const locked = await this.resources.findForHold(tx, request.resourceId);
          if (!locked) throw new DomainError('not_found', `No resource ${request.resourceId}.`);
          if (locked.version === current.version) return { ...current, plan: planned.plan };
          return { ...locked, plan: prepare(locked.resource, now, limits).plan };
        };
        return work({ tx, now, warnings, lock, ...current, plan: planned.plan });
      },
    });
    if (result.outcome.kind !== 'taken' && !result.replayed)
      await this.cache.invalidate([current.resource.city]);
    return result;
  }
}
