import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform/service';
import type { Logger } from 'pino';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthDataModule } from './auth-data';
import { AUTH_CONFIG, type AuthConfig } from './config/auth-config';
import { GoogleModule } from './google/google.module';
import { migrations } from './migrations';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';

/** The config for every feature of the service. */
@Global()
@Module({})
class AuthConfigModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthConfigModule,
      providers: [{ provide: AUTH_CONFIG, useValue: config }],
      exports: [AUTH_CONFIG],
    };
  }
}

@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig, logger: Logger): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        ServiceInfrastructureModule.forRoot({
          service: 'auth',
          config,
          logger,
          entities: [UserEntity],
          migrations,
        }),
        AuthConfigModule.forRoot(config),
        AuthDataModule,
        UsersModule,
        GoogleModule,
        ApiKeysModule,
      ],
    };
  }
}
