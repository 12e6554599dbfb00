import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { AvailabilityCacheStore, availabilityCacheParts, PageMirror } from '@booking/availability-cache';
import { availabilityQuery } from '@booking/contracts';
import { GATEWAY_REDIS } from '../tokens';
import { Roles } from '../auth/auth.decorators';
import { Upstream } from '../proxy/upstream';
import { HoldAddressLimit } from './hold-address-limit';

type WithBookingId = FastifyRequest<{ Params: { bookingId: string } }>;

const bookingPath = (request: WithBookingId, action = '') =>
  `/bookings/${encodeURIComponent(request.params.bookingId)}${action}`;

/** `/v1/bookings` and `/v1/availability`; who may see which booking is the booking service's call. */
@Controller('v1')
export class BookingsController {
  private readonly searchCache: PageMirror;

  constructor(
    private readonly upstream: Upstream,
    private readonly addressLimit: HoldAddressLimit,
    @Inject(GATEWAY_REDIS) redis: Redis,
  ) {
    this.searchCache = new PageMirror(new AvailabilityCacheStore(redis));
  }

  @Post('bookings')
  @Roles('customer')
  async create(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.addressLimit.consume(request.ip);
    return this.upstream.pass(request, reply, 'booking', '/bookings', { headers: ['idempotency-key'] });
  }

  @Get('bookings')
  list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/bookings');
  }

  @Get('bookings/:bookingId')
  get(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request));
  }

  @Get('bookings/:bookingId/cancellation')
  cancellation(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/cancellation'));
  }

  @Post('bookings/:bookingId/cancel')
  cancel(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/cancel'));
  }

  @Post('bookings/:bookingId/reschedule')
  reschedule(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', bookingPath(request, '/reschedule'));
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

  /** The booking service says whether the caller may see the booking; only then are its messages listed. */
  @Get('bookings/:bookingId/notifications')
  async notifications(@Req() request: WithBookingId, @Res() reply: FastifyReply): Promise<void> {
    const visible = await this.upstream.forward(request, 'booking', bookingPath(request));
    if (visible.status !== 200) return this.upstream.answer(reply, visible);
    return this.upstream.pass(request, reply, 'notification', bookingPath(request, '/notifications'));
  }

  /** A cached page is answered here without the hop; a miss (or any invalid query) goes to the booking service. */
  @Get('availability')
  async availability(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = availabilityQuery.safeParse(request.query);
    if (query.success) {
      const hit = await this.searchCache
        .read(query.data.city, availabilityCacheParts(query.data))
        .catch(() => null);
      if (hit !== null) {
        void reply.header('content-type', 'application/json; charset=utf-8').send(hit);
        return;
      }
    }
    return this.upstream.pass(request, reply, 'booking', '/availability');
  }
}
