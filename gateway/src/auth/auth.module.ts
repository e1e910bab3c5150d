import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimits } from '../rate-limit/rate-limits';
import { AuthClient } from './auth.client';
import { AuthController } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { LoginGuard } from './login.guard';
import { SessionSerializer } from './session.serializer';
import { SignedInGuard } from './signed-in.guard';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [AuthClient, LocalStrategy, SessionSerializer, LoginGuard, SignedInGuard, RateLimits],
  exports: [AuthClient, SignedInGuard, RateLimits],
})
export class AuthModule {}
