import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceInfrastructureModule } from '@promptlib/platform';
import type { Logger } from 'pino';
import type { AuthConfig } from './config/auth-config';
import { migrations } from './migrations';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';

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
        UsersModule,
      ],
    };
  }
}
