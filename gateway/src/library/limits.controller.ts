import { Controller, Get, Header, Req, UseGuards } from '@nestjs/common';
import type { LimitsRecord } from '@promptlib/proto';
import type { Request } from 'express';
import { CurrentUserId } from '../auth/current-user.decorator';
import { SignedInGuard } from '../auth/signed-in.guard';
import { LibraryClient } from './library.client';

@Controller('api/user/limits')
@UseGuards(SignedInGuard)
export class LimitsController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  limits(@CurrentUserId() userId: number, @Req() req: Request): Promise<LimitsRecord> {
    return this.library.limits(userId, req.id);
  }
}
