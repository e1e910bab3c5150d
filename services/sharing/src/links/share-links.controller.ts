import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type Done,
  type ParsedRequestOf,
  type ShareCreated,
  type ShareSummary,
} from '@promptlib/proto';
import { ShareLinksService } from './share-links.service';

type ShareRequest = ParsedRequestOf<typeof subjects.sharing.sharesCreate>;

@Controller()
export class ShareLinksController {
  constructor(private readonly links: ShareLinksService) {}

  @Handles(subjects.sharing.sharesCreate)
  create(request: ShareRequest): Promise<ShareCreated> {
    return this.links.create(request);
  }

  @Handles(subjects.sharing.sharesRevoke)
  revoke(request: ShareRequest): Promise<Done> {
    return this.links.revoke(request);
  }

  @Handles(subjects.sharing.sharesList)
  list(request: ParsedRequestOf<typeof subjects.sharing.sharesList>): Promise<ShareSummary[]> {
    return this.links.list(request);
  }
}
