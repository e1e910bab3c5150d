import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { Sessions } from './sessions';
import { SignedInGuard, SignedInImportGuard, SignedInWriteGuard } from './signed-in.guard';

/** Who is signed in: the sessions, and the guards every API area marks its routes with. */
@Module({
  imports: [RateLimitModule],
  providers: [Sessions, SignedInGuard, SignedInWriteGuard, SignedInImportGuard],
  exports: [Sessions, SignedInGuard, SignedInWriteGuard, SignedInImportGuard, RateLimitModule],
})
export class SessionModule {}
