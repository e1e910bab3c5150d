import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionSerializer } from './session.serializer';
import { SignedInGuard, SignedInWriteGuard } from './signed-in.guard';

/** Who is signed in: the session's user, and the guards every API area marks its routes with. */
@Module({
  imports: [PassportModule.register({ session: true }), RateLimitModule],
  providers: [SessionSerializer, SignedInGuard, SignedInWriteGuard],
  exports: [SignedInGuard, SignedInWriteGuard, RateLimitModule],
})
export class SessionModule {}
