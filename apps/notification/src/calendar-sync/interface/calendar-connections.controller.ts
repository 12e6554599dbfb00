import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  calendarCallbackQuery,
  type Caller,
  type CalendarConnectionView,
  type CalendarConsentView,
} from '@booking/contracts';
import { CurrentCaller, validate } from '@booking/nest-kit';
import { formatUtc } from '@booking/time';
import { CalendarConnections } from '../application/calendar-connections';
import type { CalendarConnection } from '../domain/calendar-connection';

const toView = (connection: CalendarConnection): CalendarConnectionView => ({
  resourceId: connection.resourceId,
  provider: 'google',
  calendarId: connection.calendarId,
  status: connection.status,
  lastSyncedAt: connection.lastSyncedAt === null ? null : formatUtc(connection.lastSyncedAt),
  lastError: connection.lastError,
  connectedAt: formatUtc(connection.createdAt),
});

/**
 * A resource's Google calendar. Who may manage it is the booking service's call (the resource's
 * host or an admin): the gateway asks it first, so these answer only for allowed callers.
 */
@Controller()
export class CalendarConnectionsController {
  constructor(private readonly connections: CalendarConnections) {}

  @Post('resources/:resourceId/calendar-connection')
  @HttpCode(201)
  async start(
    @CurrentCaller() caller: Caller,
    @Param('resourceId') resourceId: string,
  ): Promise<CalendarConsentView> {
    const consent = await this.connections.start(resourceId, caller);
    return { authorizationUrl: consent.authorizationUrl, expiresAt: formatUtc(consent.expiresAt) };
  }

  @Get('resources/:resourceId/calendar-connection')
  async get(@Param('resourceId') resourceId: string): Promise<CalendarConnectionView> {
    return toView(await this.connections.get(resourceId));
  }

  @Delete('resources/:resourceId/calendar-connection')
  @HttpCode(204)
  async disconnect(@Param('resourceId') resourceId: string): Promise<void> {
    await this.connections.disconnect(resourceId);
  }

  @Get('calendar-connections/callback')
  async callback(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<CalendarConnectionView> {
    return toView(await this.connections.complete(validate(calendarCallbackQuery, query), caller));
  }
}
