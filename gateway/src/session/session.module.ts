import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { Sessions } from './sessions';
import { SignedInGuard, SignedInWriteGuard } from './signed-in.guard';

/** Who is signed in: the sessions, and the guards every API area marks its routes with. */
@Module({
  imports: [RateLimitModule],
  providers: [Sessions, SignedInGuard, SignedInWriteGuard],
  exports: [Sessions, SignedInGuard, SignedInWriteGuard, RateLimitModule],
})
export class SessionModule {}
