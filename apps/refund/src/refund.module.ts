import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import { createPaymentProvider, PAYMENT_PROVIDER } from '@booking/payment-provider';
import { refundMigrations } from './migrations';
import type { RefundConfig } from './refund-config';
import { ExecuteRefundsJob } from './refunds/application/execute-refunds.job';
import { RefundMetrics } from './refunds/application/refund-metrics';
import { RequestRefund } from './refunds/application/request-refund.usecase';
import { PgRefundRepository } from './refunds/infrastructure/refund.repository';
import { RefundRepository } from './refunds/application/ports/refund.repository';
import { RefundEventConsumer } from './refunds/interface/refund-event.consumer';

@Module({})
export class RefundModule {
  static forRoot(
    config: RefundConfig,
    overrides: Pick<PlatformSettings, 'clock' | 'logger'> = {},
  ): DynamicModule {
    return {
      module: RefundModule,
      imports: [
        PlatformModule.forRoot({ service: 'refund', config, migrations: refundMigrations, ...overrides }),
      ],
      providers: [
        { provide: PAYMENT_PROVIDER, useValue: createPaymentProvider(config) },
        { provide: RefundRepository, useClass: PgRefundRepository },
        RefundMetrics,
        RequestRefund,
        ExecuteRefundsJob,
      ],
      controllers: [RefundEventConsumer],
    };
  }
}
