import { ok, type Api } from './client';
import type { paths } from './schema';

type CreateBookingBody = NonNullable<
  paths['/v1/bookings']['post']['requestBody']
>['content']['application/json'];

/**
 * `POST /v1/bookings` once per press: a fresh Idempotency-Key, so a retry of the same request
 * (a flaky network) never holds twice. Answers the booking, or a series for a rule.
 */
export async function createBooking(api: Api, body: CreateBookingBody) {
  return ok(await api.POST('/v1/bookings', { body, headers: { 'Idempotency-Key': crypto.randomUUID() } }));
}
