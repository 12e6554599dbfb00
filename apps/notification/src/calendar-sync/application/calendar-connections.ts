import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type Caller } from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { CONSENT_TTL_MS, type CalendarConnection } from '../domain/calendar-connection';
import { CalendarConnectionRepository } from './ports/calendar-connection.repository';
import { CalendarSyncRepository } from './ports/calendar-sync.repository';
import { GoogleCalendar } from './ports/google-calendar';
import { TokenCipher } from './ports/token-cipher';

/** The calendar of the account that consents: the platform asks for no other. */
const CALENDAR_ID = 'primary';

const hashOf = (state: string) => createHash('sha256').update(state).digest();
const noConnection = (resourceId: string) =>
  new DomainError('not_found', `Resource ${resourceId} has no calendar connected.`);

/**
 * Connecting a resource to a Google calendar: OAuth 2.0's authorization-code flow with PKCE
 * and offline access. The state is single use, expires in 10 minutes and records who asked; the
 * refresh token is sealed before it is stored. Connecting queues every future booking.
 */
@Injectable()
export class CalendarConnections {
  constructor(
    private readonly connections: CalendarConnectionRepository,
    private readonly syncs: CalendarSyncRepository,
    private readonly google: GoogleCalendar,
    private readonly cipher: TokenCipher,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async start(resourceId: string, caller: Caller): Promise<{ authorizationUrl: string; expiresAt: Date }> {
    const state = randomBytes(32).toString('base64url');
    const { codeVerifier, codeChallenge } = await this.google.codeChallenge();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CONSENT_TTL_MS);
    await this.connections.savePendingConsent(
      this.pool,
      hashOf(state),
      { resourceId, requestedBy: caller.userId, codeVerifier },
      expiresAt,
      now,
    );
    return { authorizationUrl: this.google.authorizationUrl(state, codeChallenge), expiresAt };
  }

  /**
   * Google's answer, handed over by who started the consent: the code is exchanged once, for the
   * refresh token. Anyone else finishing it (another person's consent, to write the host's bookings
   * into their calendar) is refused, and the consent is spent.
   */
  async complete(
    answer: { state?: string; code?: string; error?: string },
    caller: Caller,
  ): Promise<CalendarConnection> {
    const consent = answer.state
      ? await this.connections.takePendingConsent(this.pool, hashOf(answer.state), this.clock.now())
      : null;
    if (!consent)
      throw new DomainError(
        'validation_failed',
        'This consent is unknown, used or expired: connect the calendar again.',
      );
    if (consent.requestedBy !== caller.userId)
      throw new DomainError('forbidden', 'Only who started connecting the calendar may finish it.');
    if (answer.error || !answer.code)
      throw new DomainError(
        'forbidden',
        `Google did not grant access to the calendar (${answer.error ?? 'no code'}).`,
      );
    const exchanged = await this.google.exchange(answer.code, consent.codeVerifier);
    if ('reason' in exchanged)
      throw new DomainError(
        'validation_failed',
        `Google refused the authorization code: ${exchanged.reason}.`,
      );
    const now = this.clock.now();
    await withTransaction(this.pool, async (tx) => {
      await this.syncs.lockResource(tx, consent.resourceId);
      await this.connections.saveConnected(
        tx,
        {
          resourceId: consent.resourceId,
          calendarId: CALENDAR_ID,
          connectedBy: consent.requestedBy,
          token: this.cipher.seal(exchanged.refreshToken, consent.resourceId),
        },
        now,
      );
      await this.syncs.backfill(tx, consent.resourceId, now);
    });
    return this.get(consent.resourceId);
  }

  async get(resourceId: string): Promise<CalendarConnection> {
    const connection = await this.connections.find(this.pool, resourceId);
    if (!connection) throw noConnection(resourceId);
    return connection;
  }

  /** Stops syncing and revokes the grant at Google; the events already written stay in the calendar. */
  async disconnect(resourceId: string): Promise<void> {
    const removed = await withTransaction(this.pool, async (tx) => {
      await this.syncs.lockResource(tx, resourceId);
      const connection = await this.connections.remove(tx, resourceId);
      await this.syncs.forgetResource(tx, resourceId);
      return connection;
    });
    if (!removed) throw noConnection(resourceId);
    await this.google.revoke(resourceId, this.cipher.open(removed.token, resourceId));
  }
}
