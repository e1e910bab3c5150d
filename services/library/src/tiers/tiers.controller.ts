import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type LimitsRecord,
  type ParsedRequestOf,
  type TierStatus,
  type TierVersionReached,
  type UserScoped,
} from '@promptlib/proto';
import { TiersService } from './tiers.service';

@Controller()
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  @Handles(subjects.library.limitsGet)
  limits(request: UserScoped): Promise<LimitsRecord> {
    return this.tiers.limits(request.userId);
  }

  @Handles(subjects.library.tierGet)
  async tier(request: UserScoped): Promise<TierStatus> {
    return { isPro: this.tiers.isPro(await this.tiers.find(request.userId)) };
  }

  @Handles(subjects.library.tierAwaitVersion)
  awaitVersion(
    request: ParsedRequestOf<typeof subjects.library.tierAwaitVersion>,
  ): Promise<TierVersionReached> {
    return this.tiers.awaitVersion(request.userId, request.version, request.timeoutMs);
  }
}
