import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@booking/contracts';
import { Public } from '@booking/nest-kit';
import { Roles } from '../auth/auth.decorators';
import { Upstream } from '../proxy/upstream';
import { ResourceManagers } from './resource-managers';

type WithParams<P> = FastifyRequest<{ Params: P }>;

const FEED_FILE = /^(.+)\.ics$/;

const resourceFeed = (request: WithParams<{ resourceId: string }>) =>
  `/resources/${encodeURIComponent(request.params.resourceId)}/calendar-feed`;
const connectionPath = (request: WithParams<{ resourceId: string }>) =>
  `/resources/${encodeURIComponent(request.params.resourceId)}/calendar-connection`;
const customerFeed = (request: WithParams<{ customerId: string }>) =>
  `/customers/${encodeURIComponent(request.params.customerId)}/calendar-feed`;

/**
 * Calendar subscription feeds and Google calendar connections. Making and revoking a feed needs a
 * token; reading one needs only its URL, since calendar apps cannot send a bearer token: the URL's
 * secret is the capability. A connection is the resource host's (or an admin's) to manage.
 */
@Controller('v1')
export class CalendarsController {
  constructor(
    private readonly upstream: Upstream,
    private readonly managers: ResourceManagers,
  ) {}

  @Post('resources/:resourceId/calendar-connection')
  @Roles('host', 'admin')
  connect(@Req() request: WithParams<{ resourceId: string }>, @Res() reply: FastifyReply) {
    return this.passIfManager(request, reply);
  }

  @Get('resources/:resourceId/calendar-connection')
  @Roles('host', 'admin')
  connection(@Req() request: WithParams<{ resourceId: string }>, @Res() reply: FastifyReply) {
    return this.passIfManager(request, reply);
  }

  @Delete('resources/:resourceId/calendar-connection')
  @Roles('host', 'admin')
  disconnect(@Req() request: WithParams<{ resourceId: string }>, @Res() reply: FastifyReply) {
    return this.passIfManager(request, reply);
  }

  /**
   * Google's answer to the consent, handed over by the web app's page with the host's token: only
   * who started the consent may finish it, so nobody can connect another person's calendar.
   */
  @Get('calendar-connections/callback')
  @Roles('host', 'admin')
  callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.upstream.pass(request, reply, 'notification', '/calendar-connections/callback');
  }

  @Post('resources/:resourceId/calendar-feed')
  @Roles('host', 'admin')
  issueForResource(@Req() request: WithParams<{ resourceId: string }>, @Res() reply: FastifyReply) {
    return this.upstream.pass(request, reply, 'booking', resourceFeed(request));
  }

  @Delete('resources/:resourceId/calendar-feed')
  @Roles('host', 'admin')
  revokeForResource(@Req() request: WithParams<{ resourceId: string }>, @Res() reply: FastifyReply) {
    return this.upstream.pass(request, reply, 'booking', resourceFeed(request));
  }

  @Post('customers/:customerId/calendar-feed')
  @Roles('customer', 'admin')
  issueForCustomer(@Req() request: WithParams<{ customerId: string }>, @Res() reply: FastifyReply) {
    return this.upstream.pass(request, reply, 'booking', customerFeed(request));
  }

  @Delete('customers/:customerId/calendar-feed')
  @Roles('customer', 'admin')
  revokeForCustomer(@Req() request: WithParams<{ customerId: string }>, @Res() reply: FastifyReply) {
    return this.upstream.pass(request, reply, 'booking', customerFeed(request));
  }

  private async passIfManager(request: WithParams<{ resourceId: string }>, reply: FastifyReply) {
    const refusal = await this.managers.refusal(request, request.params.resourceId);
    if (refusal) return this.upstream.answer(reply, refusal);
    return this.upstream.pass(request, reply, 'notification', connectionPath(request));
  }

  @Get('calendars/:feedFile')
  @Public()
  feed(@Req() request: WithParams<{ feedFile: string }>, @Res() reply: FastifyReply) {
    const token = FEED_FILE.exec(request.params.feedFile)?.[1];
    if (!token) throw new DomainError('not_found', 'No such calendar feed.');
    return this.upstream.pass(request, reply, 'booking', `/calendars/${encodeURIComponent(token)}`);
  }
}
