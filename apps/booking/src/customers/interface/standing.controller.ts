import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { DomainError, type Caller, type StandingView } from '@booking/contracts';
import { CurrentCaller } from '@booking/nest-kit';
import { formatUtc } from '@booking/time';
import { CustomerStanding } from '../application/customer-standing';
import type { Standing } from '../domain/standing';

const toView = (standing: Standing): StandingView => ({
  customerId: standing.customerId,
  noShows: standing.noShows,
  level: standing.level,
  restrictedUntil: standing.restrictedUntil === null ? null : formatUtc(standing.restrictedUntil),
});

/** `GET /customers/{id}/standing` (the customer themself or an admin) and the admin's reset. */
@Controller('customers')
export class StandingController {
  constructor(private readonly standing: CustomerStanding) {}

  @Get(':customerId/standing')
  async get(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string) {
    // Another customer's standing does not exist for this caller, as their bookings do not.
    if (caller.role !== 'admin' && caller.userId !== customerId) {
      throw new DomainError('not_found', `No customer ${customerId}.`);
    }
    return toView(await this.standing.of(customerId));
  }

  @Post(':customerId/standing/reset')
  @HttpCode(200)
  async reset(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string) {
    if (caller.role !== 'admin') throw new DomainError('forbidden', 'Only an admin resets a standing.');
    return toView(await this.standing.reset(customerId, caller.userId));
  }
}
