import {
  Module,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
  type Type,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AuthModule } from './auth/auth.module';
import { ClientsModule } from './clients/clients.module';
import { ClientConfigController } from './client-config/client-config.controller';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { CsrfMiddleware } from './common/csrf.middleware';
import { HttpMetricsMiddleware } from './common/http-metrics.middleware';
import { JsonBodyMiddleware } from './common/json-body.middleware';
import { requestContextMiddleware } from './common/request-context';
import type { GatewayConfig } from './config/gateway-config';
import { HealthController } from './health/health.controller';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { LibraryModule } from './library/library.module';
import { OpenApiModule } from './openapi/openapi.module';
import { SessionMiddleware } from './session/session.middleware';
import { WebModule } from './web/web.module';

const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

@Module({})
export class AppModule implements NestModule {
  /** `features` lets tests add controllers; the web module's catch-all route always comes last. */
  static forRoot(config: GatewayConfig, logger: Logger, features: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, logger),
        LoggerModule.forRoot({
          pinoHttp: {
            logger,
            genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
            autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
            customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
            serializers: {
              req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
                remoteAddress: req.remoteAddress,
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        ClientsModule,
        AuthModule,
        LibraryModule,
        ...features,
        OpenApiModule,
        WebModule,
      ],
      controllers: [HealthController, ClientConfigController],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware, CsrfMiddleware, JsonBodyMiddleware).forRoutes('{*path}');
    consumer.apply(SessionMiddleware).forRoutes('api/{*path}');
    // Last, so that the context survives to the handlers: see requestContextMiddleware.
    consumer.apply(requestContextMiddleware).forRoutes('api/{*path}');
  }
}
