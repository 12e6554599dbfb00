import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, type RequestWithRawBody } from '@booking/nest-kit';
import { WEBHOOK_HEADERS } from '@booking/payment-provider';
import { Upstream } from '../proxy/upstream';
import { OpenCheckout } from './open-checkout';

const SIGNATURE_HEADERS = Object.values(WEBHOOK_HEADERS);

/** The provider's side of the API: no token, the webhook proves itself by its signature. */
@Controller('v1/payments')
export class PaymentsController {
  constructor(
    private readonly upstream: Upstream,
    private readonly openCheckout: OpenCheckout,
  ) {}

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
  async checkout(
    @Req() request: FastifyRequest<{ Params: { bookingId: string } }>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.upstream.answer(reply, await this.openCheckout.execute(request, request.params.bookingId));
  }
}
