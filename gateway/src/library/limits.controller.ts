import { Controller, Get, Header } from '@nestjs/common';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import { limitsRecord, type LimitsRecord } from '@promptlib/proto';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn } from '../session/signed-in.decorator';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { LibraryClient } from '../clients/library.client';

@KeysAllowed()
@Controller('api/user/limits')
export class LimitsController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'How much of their plan the user has used (-1: unlimited)',
    tag: 'Library',
    response: limitsRecord,
    errors: errorsOf.read,
  })
  @Header('Cache-Control', 'no-store')
  limits(@CurrentUserId() userId: number): Promise<LimitsRecord> {
    return this.library.limits(userId);
  }
}
