import { Controller, Get, Header, Req, UseGuards } from '@nestjs/common';
import { limitsRecord, type LimitsRecord } from '@promptlib/proto';
import type { Request } from 'express';
import { CurrentUserId } from '../auth/current-user.decorator';
import { SignedInGuard } from '../auth/signed-in.guard';
import { ApiDoc, errorsOf } from '../openapi/api-doc.decorator';
import { LibraryClient } from './library.client';

@Controller('api/user/limits')
@UseGuards(SignedInGuard)
export class LimitsController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @ApiDoc({
    summary: 'How much of their plan the user has used (-1: unlimited)',
    tag: 'Library',
    access: 'signed-in',
    response: limitsRecord,
    errors: errorsOf.read,
  })
  @Header('Cache-Control', 'no-store')
  limits(@CurrentUserId() userId: number, @Req() req: Request): Promise<LimitsRecord> {
    return this.library.limits(userId, req.id);
  }
}
