import { randomUUID } from 'node:crypto';
import { createResourceSchema } from '@booking/contracts';
import { createTestDatabase, type TestDatabase } from '@booking/testing';
import type { Booking } from '../src/bookings/domain/booking';
import { newResource, type Resource } from '../src/resources/domain/resource';
import { PgResourceRepository } from '../src/resources/infrastructure/resource.repository';
import { bookingMigrations } from '../src/migrations';

/** A booking service database of its own, migrated, for the repository tests. */
export function bookingDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, bookingMigrations);
}

/** A car in Hanoi (no buffers, a 15-minute hold, a 2,000,000 VND deposit), saved. */
export async function savedResource(
  db: TestDatabase,
  now = new Date('2027-01-01T00:00:00Z'),
): Promise<Resource> {
  const request = createResourceSchema.parse({
    name: 'VinFast VF8',
    kind: 'car',
    city: 'HN',
    ownerId: 'host-7',
    timeZone: 'Asia/Ho_Chi_Minh',
    depositAmount: 2_000_000,
    currency: 'VND',
  });
  const resource = newResource(request, randomUUID(), now);
  await new PgResourceRepository(db.pool).insert(resource);
  return resource;
}

/** A HOLD of the resource over [start, end) (blocked the same), made at `createdAt`. */
export function aBooking(
  resource: Resource,
  period: { start: string; end: string },
  overrides: Partial<Booking> = {},
): Booking {
  const start = new Date(period.start);
  const end = new Date(period.end);
  const createdAt = new Date('2027-01-01T00:00:00Z');
  return {
    bookingId: randomUUID(),
    resourceId: resource.resourceId,
    customerId: 'customer-1',
    status: 'HOLD',
    period: { start, end },
    blocked: { start, end },
    timeZone: resource.timeZone,
    holdExpiresAt: new Date(createdAt.getTime() + 15 * 60_000),
    depositAmount: resource.depositAmount,
    paidAmount: 0,
    paymentTxnId: null,
    currency: resource.currency,
    refundAmount: null,
    refundStatus: null,
    rescheduleCount: 0,
    termsStart: start,
    seriesId: null,
    recurrenceId: null,
    contact: null,
    version: 1,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}
