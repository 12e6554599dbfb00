import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { bookingLink } from '@booking/config';
import { checkoutQuery, DomainError } from '@booking/contracts';
import { isUuid } from '@booking/db';
import { SERVICE_CONFIG, validate } from '@booking/nest-kit';
import { PAYMENT_PROVIDER, type PaymentProvider } from '@booking/payment-provider';
import type { PaymentConfig } from '../payment-config';

/**
 * A hold's `paymentUrl`: opens a checkout at the provider and sends the customer there. Only the
 * gateway reaches it, with the amount it read from the booking service for a live hold.
 */
@Controller('payments')
export class CheckoutController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
  ) {}

  @Get('checkout/:bookingId')
  async checkout(
    @Param('bookingId') bookingId: string,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!isUuid(bookingId)) throw new DomainError('not_found', 'No such booking.');
    const charge = validate(checkoutQuery, query);
    const returnUrl = bookingLink(this.config.BOOKING_LINK_URL, bookingId);
    const checkout = await this.provider.createCheckout({ bookingId, ...charge, returnUrl }).catch(() => {
      throw new DomainError(
        'service_unavailable',
        'The payment provider did not answer; try again.',
        {},
        {
          'retry-after': '5',
        },
      );
    });
    void reply.status(303).header('location', checkout.url).send();
  }
}
