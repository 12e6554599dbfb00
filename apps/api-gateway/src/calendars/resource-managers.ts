import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError, type Caller } from '@booking/contracts';
import { Upstream, type UpstreamResponse } from '../proxy/upstream';

/**
 * Whether the caller manages a resource (its host, or an admin): the booking service owns
 * resources, so it is asked. Resolves with its refusal to pass on (404), or null when the caller
 * may; throws 403 for a caller who does not manage it.
 */
@Injectable()
export class ResourceManagers {
  constructor(private readonly upstream: Upstream) {}

  async refusal(
    request: FastifyRequest & { caller?: Caller },
    resourceId: string,
  ): Promise<UpstreamResponse | null> {
    const resource = await this.upstream.forward(
      request,
      'booking',
      `/resources/${encodeURIComponent(resourceId)}`,
      { query: new URLSearchParams(), asRead: true },
    );
    if (resource.status !== 200) return resource;
    const { ownerId } = JSON.parse(resource.body.toString('utf8')) as { ownerId?: string };
    const caller = request.caller;
    if (caller?.role === 'admin' || (caller?.role === 'host' && caller.userId === ownerId)) return null;
    throw new DomainError(
      'forbidden',
      'Only the resource’s host or an admin manages its calendar connection.',
    );
  }
}
