import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { PaymentConfig } from './payment-config';
import { paymentMigrations } from './migrations';

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
    };
  }
}
