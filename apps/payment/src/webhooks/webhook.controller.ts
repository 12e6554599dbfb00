import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RequestWithRawBody } from '@booking/nest-kit';
import { WEBHOOK_HEADERS } from '@booking/payment-provider';
import { ReceiveWebhook } from './receive-webhook.usecase';

/** The provider's webhook, reached as `POST /v1/payments/webhook` through the gateway. */
@Controller('payments')
export class WebhookController {
  constructor(private readonly receive: ReceiveWebhook) {}

  @Post('webhook')
  @HttpCode(200)
  async webhook(
    @Req() request: RequestWithRawBody,
    @Headers() headers: Record<string, string | undefined>,
    @Body() body: unknown,
  ): Promise<{ received: true; outcome: string }> {
    const outcome = await this.receive.handle({
      id: headers[WEBHOOK_HEADERS.id],
      timestamp: headers[WEBHOOK_HEADERS.timestamp],
      signature: headers[WEBHOOK_HEADERS.signature],
      rawBody: request.rawBody ?? '',
      body,
    });
    return { received: true, outcome };
  }
}
