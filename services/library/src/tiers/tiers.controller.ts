import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type LimitsRecord,
  type TierStatus,
  type TierVersionReached,
  type UserScoped,
} from '@promptlib/proto';
import { TiersService, type AwaitTierVersionRequest } from './tiers.service';

@Controller()
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  @Handles(subjects.library.limitsGet)
  limits(request: UserScoped): Promise<LimitsRecord> {
    return this.tiers.limits(request);
  }

  @Handles(subjects.library.tierGet)
  tier(request: UserScoped): Promise<TierStatus> {
    return this.tiers.status(request);
  }

  @Handles(subjects.library.tierAwaitVersion)
  awaitVersion(request: AwaitTierVersionRequest): Promise<TierVersionReached> {
    return this.tiers.awaitVersion(request);
  }
}
