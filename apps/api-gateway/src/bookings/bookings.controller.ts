import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { Upstream } from '../proxy/upstream';

type WithBookingId = FastifyRequest<{ Params: { bookingId: string } }>;

const bookingPath = (request: WithBookingId, action = '') =>
  `/bookings/${encodeURIComponent(request.params.bookingId)}${action}`;

/** `/v1/bookings` and `/v1/availability`; who may see which booking is the booking service's call. */
@Controller('v1')
export class BookingsController {
  constructor(private readonly upstream: Upstream) {}

  @Post('bookings')
  @Roles('customer')
  create(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/bookings');
  }

  @Get('bookings')
  list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/bookings');
  }

  @Get('bookings/:bookingId')
  get(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request));
  }

  @Post('bookings/:bookingId/cancel')
  cancel(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/cancel'));
  }

  @Post('bookings/:bookingId/check-in')
  @Roles('host', 'admin')
  checkIn(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/check-in'));
  }

  @Post('bookings/:bookingId/complete')
  @Roles('host', 'admin')
  complete(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/complete'));
  }

  @Post('bookings/:bookingId/no-show')
  @Roles('host', 'admin')
  noShow(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/no-show'));
  }

  @Get('availability')
  availability(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/availability');
  }
}
