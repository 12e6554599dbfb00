import { Controller, Get, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { Upstream } from '../proxy/upstream';

type WithResourceId = FastifyRequest<{ Params: { resourceId: string } }>;

const resourcePath = (request: WithResourceId, rest = '') =>
  `/resources/${encodeURIComponent(request.params.resourceId)}${rest}`;

/** `/v1/resources`: anyone signed in reads; admins create and change; hosts set their own hours. */
@Controller('v1/resources')
export class ResourcesController {
  constructor(private readonly upstream: Upstream) {}

  @Post()
  @Roles('admin')
  create(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/resources');
  }

  @Get()
  list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', '/resources');
  }

  @Get(':resourceId')
  get(@Req() request: WithResourceId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', resourcePath(request));
  }

  @Get(':resourceId/slots')
  slots(@Req() request: WithResourceId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', resourcePath(request, '/slots'));
  }

  @Patch(':resourceId')
  @Roles('admin')
  update(@Req() request: WithResourceId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', resourcePath(request));
  }

  @Patch(':resourceId/schedule')
  @Roles('host', 'admin')
  updateSchedule(@Req() request: WithResourceId, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'booking', resourcePath(request, '/schedule'));
  }
}
