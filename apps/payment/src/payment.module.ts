import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import { createPaymentProvider, PAYMENT_PROVIDER } from '@booking/payment-provider';
import { CheckoutController } from './checkout/checkout.controller';
import { paymentMigrations } from './migrations';
import type { PaymentConfig } from './payment-config';
import { ReceiveWebhook } from './webhooks/receive-webhook.usecase';
import { WebhookController } from './webhooks/webhook.controller';

@Module({})
export class PaymentModule {
  static forRoot(
    config: PaymentConfig,
    overrides: Pick<PlatformSettings, 'clock' | 'logger'> = {},
  ): DynamicModule {
    return {
      module: PaymentModule,
      imports: [
        PlatformModule.forRoot({ service: 'payment', config, migrations: paymentMigrations, ...overrides }),
      ],
      controllers: [WebhookController, CheckoutController],
      providers: [ReceiveWebhook, { provide: PAYMENT_PROVIDER, useValue: createPaymentProvider(config) }],
    };
  }
}
