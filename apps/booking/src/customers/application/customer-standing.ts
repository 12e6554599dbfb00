import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Caller } from '@booking/contracts';
import type { Queryable } from '@booking/db';
import { CLOCK, PG_POOL, SERVICE_CONFIG } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import type { BookingConfig } from '../../booking-config';
import {
  bookingRefusal,
  standingOf,
  standingWarnings,
  windowStart,
  type BookingWarning,
  type Standing,
  type StandingRules,
} from '../domain/standing';
import { StandingRepository } from './ports/standing.repository';

/** A customer's standing now, from their no-shows; and the admin's reset of it. */
@Injectable()
export class CustomerStanding {
  readonly rules: StandingRules;

  constructor(
    private readonly repository: StandingRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: BookingConfig,
  ) {
    this.rules = {
      windowDays: config.STANDING_WINDOW_DAYS,
      warnAt: config.STANDING_WARN_AT,
      restrictAt: config.STANDING_RESTRICT_AT,
      restrictDays: config.STANDING_RESTRICT_DAYS,
      restrictedNoticeHours: config.STANDING_RESTRICTED_NOTICE_HOURS,
      freezeAt: config.STANDING_FREEZE_AT,
      lateCancelHours: config.STANDING_LATE_CANCEL_HOURS,
    };
  }

  /** `db`: a hold's transaction, to read it on the same (pipelined) connection. */
  async of(customerId: string, now = this.clock.now(), db: Queryable = this.pool): Promise<Standing> {
    const strikes = await this.repository.strikesOf(db, customerId, windowStart(now, this.rules));
    return standingOf(customerId, strikes, now, this.rules);
  }

  /**
   * Throws 403 `customer_restricted` when the customer's standing forbids booking a period that
   * starts at `start`; returns the warnings their response carries otherwise.
   */
  admit(standing: Standing, start: Date, now: Date): BookingWarning[] {
    const refusal = bookingRefusal(standing, start, now, this.rules);
    if (refusal) throw refusal;
    return standingWarnings(standing, this.rules);
  }

  /** `admit`, reading the standing first; `db`: a transaction, to read on its connection. */
  async mayBook(customerId: string, start: Date, now: Date, db: Queryable): Promise<BookingWarning[]> {
    return this.admit(await this.of(customerId, now, db), start, now);
  }

  /** What the caller's booking responses warn of: a customer's own standing; nothing for hosts and admins. */
  async warningsFor(caller: Caller): Promise<BookingWarning[]> {
    if (caller.role !== 'customer') return [];
    return standingWarnings(await this.of(caller.userId), this.rules);
  }

  async reset(customerId: string, by: string): Promise<Standing> {
    const now = this.clock.now();
    await this.repository.reset(this.pool, customerId, now, by);
    return this.of(customerId, now);
  }
}
