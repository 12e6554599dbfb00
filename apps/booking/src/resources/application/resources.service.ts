import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  decodeCursor,
  invalidCursor,
  encodeCursor,
  type CreateResourceRequest,
  type ListResourcesQuery,
  type Caller,
  type Page,
  type UpdateResourceRequest,
  type UpdateScheduleRequest,
} from '@booking/contracts';
import { isUuid, withTransaction } from '@booking/db';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { assertMayChangeSchedule, newResource, patchResource, type Resource } from '../domain/resource';
import { ResourceRepository } from './ports/resource.repository';

function notFound(resourceId: string): DomainError {
  return new DomainError('not_found', `No resource ${resourceId}.`);
}

@Injectable()
export class ResourcesService {
  constructor(
    private readonly resources: ResourceRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(request: CreateResourceRequest): Promise<Resource> {
    const resource = newResource(request, randomUUID(), this.clock.now());
    await this.resources.insert(resource);
    return resource;
  }

  async get(resourceId: string): Promise<Resource> {
    const resource = await this.resources.findById(resourceId);
    if (!resource) throw notFound(resourceId);
    return resource;
  }

  update(resourceId: string, patch: UpdateResourceRequest): Promise<Resource> {
    return this.patch(resourceId, patch, () => undefined);
  }

  /** Hours, buffers, slot grid and notice: the part a host runs themselves. */
  updateSchedule(caller: Caller, resourceId: string, patch: UpdateScheduleRequest): Promise<Resource> {
    return this.patch(resourceId, patch, (current) => assertMayChangeSchedule(caller, current));
  }

  /** Read, check, patch and write under the row lock, so two concurrent patches both land. */
  private patch(
    resourceId: string,
    patch: UpdateResourceRequest,
    assertAllowed: (current: Resource) => void,
  ): Promise<Resource> {
    return withTransaction(this.pool, async (tx) => {
      const current = await this.resources.findForUpdate(tx, resourceId);
      if (!current) throw notFound(resourceId);
      assertAllowed(current);
      const updated = patchResource(current, patch, this.clock.now());
      await this.resources.update(tx, updated);
      return updated;
    });
  }

  async list(query: ListResourcesQuery): Promise<Page<Resource>> {
    const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['resourceId']);
    if (query.cursor !== undefined && (!position || !isUuid(position['resourceId']!))) {
      throw invalidCursor();
    }
    const rows = await this.resources.list({
      city: query.city,
      kind: query.kind,
      ownerId: query.ownerId,
      afterId: position?.['resourceId'],
      limit: query.limit + 1,
    });
    const data = rows.slice(0, query.limit);
    const last = data[data.length - 1];
    return {
      data,
      nextCursor: rows.length > query.limit && last ? encodeCursor({ resourceId: last.resourceId }) : null,
    };
  }
}
