import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type ParsedRequestOf, type SharedPrompt } from '@promptlib/proto';
import { PublicReadsService } from './public-reads.service';

@Controller()
export class PublicReadsController {
  constructor(private readonly reads: PublicReadsService) {}

  @Handles(subjects.sharing.sharesGetPublic)
  read({ shareId, client }: ParsedRequestOf<typeof subjects.sharing.sharesGetPublic>): Promise<SharedPrompt> {
    return this.reads.read(shareId, client);
  }
}
