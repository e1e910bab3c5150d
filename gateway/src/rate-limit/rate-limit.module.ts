import { Module } from '@nestjs/common';
import { RateLimits } from './rate-limits';

@Module({ providers: [RateLimits], exports: [RateLimits] })
export class RateLimitModule {}
