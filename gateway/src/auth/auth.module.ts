import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { AuthController } from './auth.controller';
import { UserProfiles } from './user-profiles';

@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [AuthController],
  providers: [UserProfiles],
})
export class AuthModule {}
