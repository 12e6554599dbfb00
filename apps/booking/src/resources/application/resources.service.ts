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
  type Page,
  type UpdateResourceRequest,
} from '@booking/contracts';
import { isUuid, withTransaction } from '@booking/db';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { newResource, patchResource, type Resource } from '../domain/resource';
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

  /** Read, patch and write under the row lock, so two concurrent patches both land. */
  async update(resourceId: string, patch: UpdateResourceRequest): Promise<Resource> {
    return withTransaction(this.pool, async (tx) => {
      const current = await this.resources.findForUpdate(tx, resourceId);
      if (!current) throw notFound(resourceId);
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
