import { Injectable } from '@nestjs/common';
import {
  DomainError,
  cursorInstant,
  decodeCursor,
  invalidCursor,
  encodeCursor,
  type Caller,
  type ListBookingsQuery,
  type Page,
} from '@booking/contracts';
import type { Booking } from '../domain/booking';
import { isUuid } from '@booking/db';
import { BookingRepository } from './ports/booking.repository';

/** Bookings the caller may see whose period overlaps `[from, to)`, in start order, a page at a time. */
@Injectable()
export class ListBookings {
  constructor(private readonly bookings: BookingRepository) {}

  async execute(caller: Caller, query: ListBookingsQuery): Promise<Page<Booking>> {
    if (query.resourceId !== undefined && !isUuid(query.resourceId)) return { data: [], nextCursor: null };
    const position =
      query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['start', 'bookingId']);
    const after = position && cursorInstant(position['start']);
    if (query.cursor !== undefined && (!position || !after || !isUuid(position['bookingId']!)))
      throw invalidCursor();
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && to.getTime() <= from.getTime())
      throw new DomainError('end_before_start', 'to must be after from.');
    const rows = await this.bookings.list(caller, {
      resourceId: query.resourceId,
      status: query.status,
      from,
      to,
      after: position && after ? { start: after, bookingId: position['bookingId']! } : undefined,
      limit: query.limit + 1,
    });
    const data = rows.slice(0, query.limit);
    const last = data[data.length - 1];
    return {
      data,
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ start: last.period.start.toISOString(), bookingId: last.bookingId })
          : null,
    };
  }
}
