import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Upstream } from '../proxy/upstream';

type WithSeries = FastifyRequest<{ Params: { seriesId: string; recurrenceId?: string } }>;

const seriesPath = (request: WithSeries, rest = '') =>
  `/series/${encodeURIComponent(request.params.seriesId)}${rest}`;
const occurrencePath = (request: WithSeries, action: string) =>
  seriesPath(request, `/occurrences/${encodeURIComponent(request.params.recurrenceId ?? '')}/${action}`);

/** `/v1/series`: who may see or change which series is the booking service's call. */
@Controller('v1/series/:seriesId')
export class SeriesController {
  constructor(private readonly upstream: Upstream) {}

  @Get()
  get(@Req() request: WithSeries, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', seriesPath(request));
  }

  @Get('occurrences')
  occurrences(@Req() request: WithSeries, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', seriesPath(request, '/occurrences'));
  }

  @Post('cancel')
  cancel(@Req() request: WithSeries, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', seriesPath(request, '/cancel'));
  }

  @Post('occurrences/:recurrenceId/cancel')
  cancelOccurrence(@Req() request: WithSeries, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', occurrencePath(request, 'cancel'));
  }

  @Post('occurrences/:recurrenceId/reschedule')
  rescheduleOccurrence(@Req() request: WithSeries, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', occurrencePath(request, 'reschedule'));
  }
}
