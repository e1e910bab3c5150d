import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { AuthController } from './auth.controller';
import { GoogleAuthController } from './google-auth.controller';
import { GoogleNonces } from './google-nonces';
import { KnownDevices } from './known-devices';
import { UserProfiles } from './user-profiles';

@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [AuthController, GoogleAuthController],
  providers: [UserProfiles, GoogleNonces, KnownDevices],
  // The Account page's password change counts its attempts as sign-in does.
  exports: [KnownDevices],
})
export class AuthModule {}
