import { Injectable } from '@nestjs/common';
import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '@promptlib/proto';
import { AuthClient } from '../clients/auth.client';
import { BillingClient } from '../clients/billing.client';
import { LibraryClient } from '../clients/library.client';
import { SharingClient } from '../clients/sharing.client';
import { Sessions } from '../session/sessions';
import { sessionSummaries } from './session-summaries';

/** The export's parts that are read whole before anything is sent; prompts and versions follow a page at a time. */
type ExportHead = Omit<AccountExport, 'prompts' | 'promptVersions'>;

/**
 * Everything held about a user as one JSON document, written as it is read: the account, sessions,
 * keys, categories, tags, share links and subscriptions first (each service's answer whole, so one
 * that cannot answer fails the request before anything is sent), then the prompts and every
 * version, a page at a time, so a library of any size never sits in memory whole.
 */
@Injectable()
export class AccountExporter {
  constructor(
    private readonly auth: AuthClient,
    private readonly library: LibraryClient,
    private readonly sharing: SharingClient,
    private readonly billing: BillingClient,
    private readonly sessions: Sessions,
  ) {}

  async open(userId: number, sessionId: string | null): Promise<AsyncIterable<Buffer>> {
    const [account, tier, sessions, apiKeys, categories, tags, shareLinks, subscriptions] = await Promise.all(
      [
        this.auth.account(userId),
        this.library.tier(userId),
        this.sessions.list(userId, sessionId),
        this.auth.listApiKeys(userId),
        this.library.categories(userId),
        this.library.tags(userId),
        this.sharing.links(userId),
        this.billing.subscriptionHistory(userId),
      ],
    );
    const head: ExportHead = {
      format: ACCOUNT_EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      account: { ...account, isPro: tier.isPro },
      sessions: sessionSummaries(sessions),
      apiKeys,
      categories,
      tags,
      shareLinks,
      subscriptions,
    };
    return this.write(userId, head);
  }

  private async *write(userId: number, head: ExportHead): AsyncGenerator<Buffer> {
    const opening = JSON.stringify(head);
    yield Buffer.from(`${opening.slice(0, -1)},"prompts":[`);
    let first = true;
    let before: number | null = null;
    do {
      const page = await this.library.promptPage(userId, before);
      // The page is the library's JSON array as it sent it: its items go in without being parsed.
      const items = Buffer.from(
        page.promptsJson.buffer,
        page.promptsJson.byteOffset + 1,
        page.promptsJson.length - 2,
      );
      if (items.length > 0) {
        if (!first) yield Buffer.from(',');
        yield items;
        first = false;
      }
      before = page.nextBefore;
    } while (before !== null);

    yield Buffer.from('],"promptVersions":[');
    first = true;
    let after: AccountExportCursor = null;
    do {
      const page = await this.library.promptHistory(userId, after);
      if (page.versions.length > 0) {
        yield Buffer.from(`${first ? '' : ','}${JSON.stringify(page.versions).slice(1, -1)}`);
        first = false;
      }
      after = page.next;
    } while (after !== null);
    yield Buffer.from(']}');
  }
}

type AccountExportCursor = Parameters<LibraryClient['promptHistory']>[1];
