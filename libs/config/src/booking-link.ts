import { z } from 'zod';

/**
 * The front end's page of one booking, `{bookingId}` filled in: linked from calendar events and
 * where a checkout sends the customer back. The default is the local web app's.
 */
export const bookingLinkConfigSchema = z.object({
  BOOKING_LINK_URL: z
    .string()
    .url()
    .refine((url) => url.includes('{bookingId}'), 'must contain {bookingId}')
    .default('http://127.0.0.1:5173/bookings/{bookingId}'),
});

/** The link to one booking's page. */
export function bookingLink(template: string, bookingId: string): string {
  return template.replace('{bookingId}', encodeURIComponent(bookingId));
}
