import { Module } from '@nestjs/common';
import { AUTH_DATA, type AuthData } from '../auth-data';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

@Module({
  controllers: [ApiKeysController],
  // Built by hand: the service's clock is a plain function, which Nest's injector cannot provide.
  providers: [
    {
      provide: ApiKeysService,
      useFactory: (data: AuthData) => new ApiKeysService(data),
      inject: [AUTH_DATA],
    },
  ],
})
export class ApiKeysModule {}
