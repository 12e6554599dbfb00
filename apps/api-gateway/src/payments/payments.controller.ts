import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, type RequestWithRawBody } from '@booking/nest-kit';
import { WEBHOOK_HEADERS } from '@booking/payment-provider';
import { Upstream } from '../proxy/upstream';

const SIGNATURE_HEADERS = Object.values(WEBHOOK_HEADERS);

/** The provider's side of the API: no token, the webhook proves itself by its signature. */
@Controller('v1/payments')
export class PaymentsController {
  constructor(private readonly upstream: Upstream) {}

  /** Passed on byte for byte: the signature covers the body exactly as the provider sent it. */
  @Post('webhook')
  @Public()
  webhook(@Req() request: RequestWithRawBody, @Res() reply: FastifyReply): Promise<void> {
    return this.upstream.pass(request, reply, 'payment', '/payments/webhook', {
      rawBody: request.rawBody ?? '',
      headers: SIGNATURE_HEADERS,
    });
  }

  /** A hold's `paymentUrl`: the customer's browser follows it to the provider's checkout. */
  @Get('checkout/:bookingId')
  @Public()
  checkout(
    @Req() request: FastifyRequest<{ Params: { bookingId: string } }>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.upstream.pass(
      request,
      reply,
      'payment',
      `/payments/checkout/${encodeURIComponent(request.params.bookingId)}`,
    );
  }
}
