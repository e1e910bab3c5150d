import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { AccountModule } from './account/account.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { ClientsModule } from './clients/clients.module';
import { ClientConfigController } from './client-config/client-config.controller';
import { ApiExceptionFilter } from './common/api-exception.filter';
import type { GatewayConfig } from './config/gateway-config';
import { HealthController } from './health/health.controller';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { LibraryModule } from './library/library.module';
import { LiveModule } from './live/live.module';
import { McpModule } from './mcp/mcp.module';
import { OpenApiModule } from './openapi/openapi.module';
import { SessionModule } from './session/session.module';
import { SharingModule } from './sharing/sharing.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  /** `features` lets tests add controllers; the web module's catch-all route always comes last. */
  static forRoot(config: GatewayConfig, logger: Logger, features: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, logger),
        ClientsModule,
        SessionModule,
        AuthModule,
        AccountModule,
        ApiKeysModule,
        LibraryModule,
        LiveModule,
        SharingModule,
        BillingModule,
        McpModule,
        ...features,
        OpenApiModule,
        WebModule,
      ],
      controllers: [HealthController, ClientConfigController],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
