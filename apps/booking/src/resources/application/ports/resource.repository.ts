import type { TransactionClient } from '@booking/db';
import type { Resource, ResourceVersion } from '../../domain/resource';

/** A resource and the version of its row it was read at. */
export interface VersionedResource {
  resource: Resource;
  version: string;
}

/** Resources of a city and kind free over [from, to), a page after `afterId`. */
export interface FreeResourcesQuery {
  city: string;
  kind: string;
  from: Date;
  to: Date;
  afterId?: string;
  limit: number;
}

/** What a page of resources is narrowed by; each filter left out matches every resource. */
export interface ResourceListFilter {
  city?: string;
  kind?: string;
  ownerId?: string;
  afterId?: string;
  limit: number;
}

/** A port of the use cases; `PgResourceRepository` implements it with PostgreSQL. */
export abstract class ResourceRepository {
  abstract insert(resource: Resource): Promise<void>;
  /** The row locked for the rest of the caller's transaction. */
  abstract findForUpdate(tx: TransactionClient, resourceId: string): Promise<Resource | undefined>;
  /**
   * The resource, its row locked against other holds for the rest of the transaction: racing
   * inserts for one resource queue here instead of deadlocking inside the exclusion constraint.
   * FOR NO KEY UPDATE leaves the foreign-key checks of those inserts free to proceed.
   */
  abstract findForHold(tx: TransactionClient, resourceId: string): Promise<VersionedResource | undefined>;
  abstract findById(resourceId: string): Promise<Resource | undefined>;
  /** The resource as it is now, unlocked, with its row version: what a hold is planned against. */
  abstract findCurrent(resourceId: string): Promise<VersionedResource | undefined>;
  abstract update(tx: TransactionClient, resource: Resource): Promise<void>;
  /** One page in id order, after `afterId` when given; asks for one more row to know if a next page exists. */
  abstract list(filter: ResourceListFilter): Promise<Resource[]>;
  /**
   * Resources in a city and kind with no active booking whose blocked range overlaps the period
   * widened by that resource's own buffers: one query, an anti-join probing the partial GiST
   * index, no slots generated per resource. Ids and row versions only: the caller keeps views.
   */
  abstract findFree(filter: FreeResourcesQuery): Promise<ResourceVersion[]>;
  /** The resources with these ids that exist, each with its row version. */
  abstract findVersions(resourceIds: string[]): Promise<VersionedResource[]>;
}
