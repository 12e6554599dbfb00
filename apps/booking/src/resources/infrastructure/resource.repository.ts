import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { isUuid, type Queryable, type TransactionClient } from '@booking/db';
import { PG_POOL } from '@booking/nest-kit';
import { activeStatus } from '../../bookings/infrastructure/status-sql';
import type { Resource, ResourceVersion } from '../domain/resource';
import {
  ResourceRepository,
  type FreeResourcesQuery,
  type ResourceListFilter,
  type VersionedResource,
} from '../application/ports/resource.repository';

interface ResourceRow {
  resource_id: string;
  name: string;
  kind: string;
  city: string;
  owner_id: string;
  time_zone: string;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  hold_minutes: number;
  deposit_amount: string;
  currency: string;
  business_hours: Resource['businessHours'];
  slot_minutes: number | null;
  min_notice_minutes: number;
  cancellation_policy: Resource['cancellationPolicy'];
  hold_limit: Resource['holdLimit'];
  attributes: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `resource_id, name, kind, city, owner_id, time_zone, buffer_before_minutes, buffer_after_minutes,
  hold_minutes, deposit_amount, currency, business_hours, slot_minutes, min_notice_minutes, cancellation_policy,
  attributes, created_at, updated_at, hold_limit`;

/**
 * A row's version: the transaction that wrote it. Every update writes a new one, even two in the
 * same millisecond, which `updated_at` would not tell apart.
 */
export const resourceVersionOf = (alias: string) => `${alias}.xmin::text`;
const VERSION = resourceVersionOf('r');

function toResource(row: ResourceRow): Resource {
  return {
    resourceId: row.resource_id,
    name: row.name,
    kind: row.kind,
    city: row.city,
    ownerId: row.owner_id,
    timeZone: row.time_zone,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    holdMinutes: row.hold_minutes,
    depositAmount: Number(row.deposit_amount),
    currency: row.currency,
    businessHours: row.business_hours,
    slotMinutes: row.slot_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    cancellationPolicy: row.cancellation_policy,
    holdLimit: row.hold_limit,
    attributes: row.attributes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function values(resource: Resource): unknown[] {
  return [
    resource.resourceId,
    resource.name,
    resource.kind,
    resource.city,
    resource.ownerId,
    resource.timeZone,
    resource.bufferBeforeMinutes,
    resource.bufferAfterMinutes,
    resource.holdMinutes,
    resource.depositAmount,
    resource.currency,
    resource.businessHours === null ? null : JSON.stringify(resource.businessHours),
    resource.slotMinutes,
    resource.minNoticeMinutes,
    JSON.stringify(resource.cancellationPolicy),
    JSON.stringify(resource.attributes),
    resource.createdAt,
    resource.updatedAt,
    resource.holdLimit,
  ];
}

@Injectable()
export class PgResourceRepository implements ResourceRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insert(resource: Resource): Promise<void> {
    await this.pool.query(
      `INSERT INTO resource (${COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)`,
      values(resource),
    );
  }

  /** The row locked for the rest of the caller's transaction. */
  async findForUpdate(tx: TransactionClient, resourceId: string): Promise<Resource | undefined> {
    return this.findOne(tx, resourceId, 'FOR UPDATE');
  }

  /**
   * The resource, its row locked against other holds for the rest of the transaction: racing
   * inserts for one resource queue here instead of deadlocking inside the exclusion constraint.
   * FOR NO KEY UPDATE leaves the foreign-key checks of those inserts free to proceed.
   */
  async findForHold(tx: TransactionClient, resourceId: string): Promise<VersionedResource | undefined> {
    return this.findVersioned(tx, resourceId, 'FOR NO KEY UPDATE');
  }

  async findById(resourceId: string): Promise<Resource | undefined> {
    return this.findOne(this.pool, resourceId, '');
  }

  /** The resource as it is now, unlocked, with its row version: what a hold is planned against. */
  async findCurrent(resourceId: string): Promise<VersionedResource | undefined> {
    return this.findVersioned(this.pool, resourceId, '');
  }

  async update(tx: TransactionClient, resource: Resource): Promise<void> {
    await tx.query(
      `UPDATE resource SET (${COLUMNS}) = ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)
        WHERE resource_id = $1`,
      values(resource),
    );
  }

  /** One page in id order, after `afterId` when given; asks for one more row to know if a next page exists. */
  async list(filter: ResourceListFilter): Promise<Resource[]> {
    const { rows } = await this.pool.query<ResourceRow>(
      `SELECT ${COLUMNS} FROM resource
        WHERE ($1::text IS NULL OR city = $1) AND ($2::text IS NULL OR kind = $2)
          AND ($5::text IS NULL OR owner_id = $5) AND ($3::uuid IS NULL OR resource_id > $3)
        ORDER BY resource_id LIMIT $4`,
      [
        filter.city ?? null,
        filter.kind ?? null,
        filter.afterId ?? null,
        filter.limit,
        filter.ownerId ?? null,
      ],
    );
    return rows.map(toResource);
  }

  /**
   * Resources in a city and kind with no active booking whose blocked range overlaps the period
   * widened by that resource's own buffers: one query, an anti-join probing the partial GiST
   * index, no slots generated per resource. Ids and row versions only: the caller keeps views.
   */
  async findFree(filter: FreeResourcesQuery): Promise<ResourceVersion[]> {
    const { rows } = await this.pool.query<ResourceVersion>(
      `SELECT r.resource_id AS "resourceId", ${VERSION} AS version FROM resource r
        WHERE r.city = $1 AND r.kind = $2 AND ($5::uuid IS NULL OR r.resource_id > $5)
          AND NOT EXISTS (
            SELECT 1 FROM booking b
             WHERE b.resource_id = r.resource_id
               AND ${activeStatus()}
               AND b.blocked && tstzrange($3::timestamptz - make_interval(mins => r.buffer_before_minutes),
                                          $4::timestamptz + make_interval(mins => r.buffer_after_minutes), '[)'))
        ORDER BY r.resource_id
        LIMIT $6`,
      [filter.city, filter.kind, filter.from, filter.to, filter.afterId ?? null, filter.limit],
    );
    return rows;
  }

  /** The resources with these ids that exist, each with its row version. */
  async findVersions(resourceIds: string[]): Promise<VersionedResource[]> {
    const { rows } = await this.pool.query<ResourceRow & { version: string }>(
      `SELECT ${COLUMNS}, ${VERSION} AS version FROM resource r WHERE r.resource_id = ANY($1::uuid[])`,
      [resourceIds],
    );
    return rows.map((row) => ({ resource: toResource(row), version: row.version }));
  }

  private async findOne(
    db: Queryable,
    resourceId: string,
    lock: '' | 'FOR UPDATE' | 'FOR NO KEY UPDATE',
  ): Promise<Resource | undefined> {
    return (await this.findVersioned(db, resourceId, lock))?.resource;
  }

  private async findVersioned(
    db: Queryable,
    resourceId: string,
    lock: '' | 'FOR UPDATE' | 'FOR NO KEY UPDATE',
  ): Promise<VersionedResource | undefined> {
    if (!isUuid(resourceId)) return undefined;
    const { rows } = await db.query<ResourceRow & { version: string }>(
      `SELECT ${COLUMNS}, ${VERSION} AS version FROM resource r WHERE resource_id = $1 ${lock}`,
      [resourceId],
    );
    return rows[0] ? { resource: toResource(rows[0]), version: rows[0].version } : undefined;
  }
}
