import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parsePayload } from '@promptlib/platform';
import { subjects, type LimitsRecord, type TierStatus, type TierVersionReached } from '@promptlib/proto';
import { z } from 'zod';
import { TiersService } from './tiers.service';

const userId = z.number().int().positive();

@Controller()
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  @MessagePattern(subjects.library.limitsGet)
  limits(@Payload() payload: unknown): Promise<LimitsRecord> {
    return this.tiers.limits(parsePayload(z.object({ userId }), payload).userId);
  }

  @MessagePattern(subjects.library.tierGet)
  async tier(@Payload() payload: unknown): Promise<TierStatus> {
    const { userId: id } = parsePayload(z.object({ userId }), payload);
    return { isPro: this.tiers.isPro(await this.tiers.find(id)) };
  }

  @MessagePattern(subjects.library.tierAwaitVersion)
  awaitVersion(@Payload() payload: unknown): Promise<TierVersionReached> {
    const request = parsePayload(
      z.object({
        userId,
        version: z.number().int().nonnegative(),
        timeoutMs: z.number().int().min(0).max(5_000),
      }),
      payload,
    );
    return this.tiers.awaitVersion(request.userId, request.version, request.timeoutMs);
  }
}
