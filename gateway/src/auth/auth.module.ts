import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { LibraryModule } from '../library/library.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { AuthClient } from './auth.client';
import { AuthController } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { LoginGuard } from './login.guard';
import { SessionSerializer } from './session.serializer';
import { SignedInGuard } from './signed-in.guard';
import { UserProfiles } from './user-profiles';

@Module({
  imports: [PassportModule.register({ session: true }), RateLimitModule, LibraryModule],
  controllers: [AuthController],
  providers: [AuthClient, LocalStrategy, SessionSerializer, LoginGuard, SignedInGuard, UserProfiles],
  exports: [AuthClient, SignedInGuard],
})
export class AuthModule {}
