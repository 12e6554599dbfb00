import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { notificationMigrations } from './migrations';

@Module({})
export class NotificationModule {
  static forRoot(
    config: NotificationConfig,
    overrides: Pick<PlatformSettings, 'clock' | 'logger'> = {},
  ): DynamicModule {
    return {
      module: NotificationModule,
      imports: [
        PlatformModule.forRoot({
          service: 'notification',
          config,
          migrations: notificationMigrations,
          ...overrides,
        }),
      ],
    };
  }
}
