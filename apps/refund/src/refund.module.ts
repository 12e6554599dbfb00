import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { RefundConfig } from './refund-config';
import { refundMigrations } from './migrations';

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
    };
  }
}
