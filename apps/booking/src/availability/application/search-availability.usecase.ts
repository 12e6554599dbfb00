import { Injectable } from '@nestjs/common';
import {
  DomainError,
  decodeCursor,
  invalidCursor,
  encodeCursor,
  type AvailabilityQuery,
} from '@booking/contracts';
import { availabilityCacheParts } from '@booking/availability-cache';
import { AvailabilityCache } from '../../bookings/application/ports/availability-cache';
import { isUuid } from '@booking/db';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import type { Resource } from '../../resources/domain/resource';
import { ResourceViewCache } from './resource-view-cache';

const MAX_SEARCH_DAYS = 366;
// Views kept in memory: about 1 KiB each, so at most some 20 MiB per instance.
const VIEWS_KEPT = 20_000;

/** Resources free for a whole period; up to 60 s stale (cached), since a hold is the only truth. */
@Injectable()
export class SearchAvailability {
  private readonly views = new ResourceViewCache(VIEWS_KEPT);

  constructor(
    private readonly resources: ResourceRepository,
    private readonly cache: AvailabilityCache,
  ) {}

  /**
   * The page of free resources, each as `render` shows it, as the JSON bytes the cache holds.
   * Rendering belongs to the caller; it is cached here because the JSON is what is worth keeping.
   */
  async execute(query: AvailabilityQuery, render: (resource: Resource) => unknown): Promise<Buffer> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
      throw new DomainError('validation_failed', 'from and to must be real instants.', {
        errors: [{ path: '/from', message: 'not a real instant' }],
      });
    }
    if (to.getTime() <= from.getTime()) throw new DomainError('end_before_start', 'to must be after from.');
    if (to.getTime() - from.getTime() > MAX_SEARCH_DAYS * 86_400_000) {
      throw new DomainError('too_long', `A search may span at most ${MAX_SEARCH_DAYS} days.`);
    }
    const afterId =
      query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['resourceId'])?.['resourceId'];
    if (query.cursor !== undefined && (afterId === undefined || !isUuid(afterId))) {
      throw invalidCursor();
    }
    return this.cache.getOrCompute(query.city, availabilityCacheParts(query), async (): Promise<string> => {
      const rows = await this.resources.findFree({
        city: query.city,
        kind: query.kind,
        from,
        to,
        afterId,
        limit: query.limit + 1,
      });
      const found = rows.slice(0, query.limit);
      const views = await this.views.viewsOf(found, async (resourceIds) =>
        (await this.resources.findVersions(resourceIds)).map(({ resource, version }) => ({
          resourceId: resource.resourceId,
          version,
          json: JSON.stringify(render(resource)),
        })),
      );
      const last = found[found.length - 1];
      const nextCursor =
        rows.length > query.limit && last ? encodeCursor({ resourceId: last.resourceId }) : null;
      // A page joined from the views' JSON text, which is not parsed again.
      return `{"data":[${views.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
    });
  }
}
