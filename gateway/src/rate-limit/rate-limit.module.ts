import { Module } from '@nestjs/common';
import { RateLimits } from './rate-limits';
import { WriteRateLimitGuard } from './write-rate-limit.guard';

@Module({ providers: [RateLimits, WriteRateLimitGuard], exports: [RateLimits, WriteRateLimitGuard] })
export class RateLimitModule {}
