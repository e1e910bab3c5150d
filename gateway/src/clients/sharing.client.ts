import { clientKey } from '../rate-limit/client-key';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@promptlib/platform';
import {
  subjects,
  type Done,
  type ShareCreated,
  type SharedPrompt,
  type ShareSummary,
} from '@promptlib/proto';

/** The sharing service's calls: a user's links, and the public read of one link. */
@Injectable()
export class SharingClient {
  constructor(private readonly services: ServiceClient) {}

  share(userId: number, promptId: number): Promise<ShareCreated> {
    return this.services.request(subjects.sharing.sharesCreate, { userId, promptId });
  }

  revoke(userId: number, promptId: number): Promise<Done> {
    return this.services.request(subjects.sharing.sharesRevoke, { userId, promptId });
  }

  links(userId: number): Promise<ShareSummary[]> {
    return this.services.request(subjects.sharing.sharesList, { userId });
  }

  /**
   * `client` is the visitor's address: a view counts once per client (an IPv6 /64 being one) per
   * link per 30 minutes.
   */
  read(shareId: string, client: string): Promise<SharedPrompt> {
    return this.services.request(subjects.sharing.sharesGetPublic, { shareId, client: clientKey(client) });
  }
}
