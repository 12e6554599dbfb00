import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  DomainError,
  createBookingSchema,
  type BookingView,
  type Caller,
  type CreatedSeriesView,
} from '@booking/contracts';
import { CurrentCaller, Roles, validate } from '@booking/nest-kit';
import { PaymentLinks } from '../../bookings/application/payment-links';
import { slotUnavailable } from '../../bookings/domain/booking-status';
import type { Replayable } from '../../bookings/application/ports/idempotency-store';
import { toBookingView } from '../../bookings/interface/booking-view';
import { CreateSeries, type SeriesOutcome } from '../../series/application/create-series.usecase';
import { occurrencesTaken } from '../../series/domain/series-plan';
import { CreateHold, type HoldOutcome } from '../application/create-hold.usecase';
import { HoldMetrics } from '../application/hold-metrics';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new DomainError('validation_failed', 'Idempotency-Key must be 1–255 visible ASCII characters.', {
      errors: [{ path: '/headers/idempotency-key', message: 'invalid' }],
    });
  }
  return header;
}

/** 201 with the view of what was made; a refusal, first or replayed, is thrown as its problem. */
function sendCreated<Outcome>(
  reply: FastifyReply,
  { outcome, replayed }: Replayable<Outcome>,
  view: (outcome: Outcome) => unknown,
): void {
  if (replayed) void reply.header('idempotent-replayed', 'true');
  void reply.status(201).send(view(outcome));
}

/** `POST /bookings`: a single hold, or a series when the request has a rule. */
@Controller('bookings')
export class HoldsController {
  constructor(
    private readonly createHold: CreateHold,
    private readonly createSeries: CreateSeries,
    private readonly links: PaymentLinks,
    private readonly holdMetrics: HoldMetrics,
  ) {}

  @Post()
  @Roles('customer')
  async create(
    @CurrentCaller() caller: Caller,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const request = validate(createBookingSchema, body);
    const { rrule } = request;
    if (rrule) {
      const result = await this.holdMetrics.count('series', () =>
        this.createSeries.execute(caller, { ...request, rrule }, idempotencyKeyOf(key)),
      );
      sendCreated(reply, result, (outcome) => this.seriesCreated(outcome));
    } else {
      const result = await this.holdMetrics.count('hold', () =>
        this.createHold.execute(caller, request, idempotencyKeyOf(key)),
      );
      sendCreated(reply, result, (outcome) => this.held(outcome));
    }
  }

  private held(outcome: HoldOutcome): BookingView {
    if (outcome.kind === 'taken') throw slotUnavailable(outcome.resourceId);
    return toBookingView(outcome.booking, this.links.forBooking, outcome.warnings);
  }

  private seriesCreated(outcome: SeriesOutcome): CreatedSeriesView {
    if (outcome.kind === 'taken') throw occurrencesTaken(outcome.resourceId, outcome.conflicts);
    const { series, occurrences, warnings } = outcome;
    return {
      seriesId: series.seriesId,
      rrule: series.rrule,
      timeZone: series.timeZone,
      occurrences: occurrences.map((booking) => toBookingView(booking, this.links.forBooking, warnings)),
    };
  }
}
