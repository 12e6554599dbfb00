import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { Upstream } from '../proxy/upstream';

type WithCustomer = FastifyRequest<{ Params: { customerId: string } }>;

const standingPath = (request: WithCustomer, rest = '') =>
  `/customers/${encodeURIComponent(request.params.customerId)}/standing${rest}`;

/** `/v1/customers/{id}/standing`: whose standing a customer may read is the booking service's call. */
@Controller('v1/customers/:customerId/standing')
export class CustomersController {
  constructor(private readonly upstream: Upstream) {}

  @Get()
  @Roles('customer', 'admin')
  get(@Req() request: WithCustomer, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', standingPath(request));
  }

  @Post('reset')
  @Roles('admin')
  reset(@Req() request: WithCustomer, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', standingPath(request, '/reset'));
  }
}
