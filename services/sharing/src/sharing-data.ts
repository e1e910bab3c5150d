import { Global, Module } from '@nestjs/common';
import {
  unitOfWorkProvider,
  type Db,
  type RepositoryContract,
  type UnitOfWork,
} from '@promptlib/platform/service';
import { AccountsRepository } from './accounts/accounts.repository';
import { ShareLinksRepository } from './links/share-links.repository';
import { PromptTextsRepository } from './prompt-texts/prompt-texts.repository';
import { ViewBatchesRepository } from './views/view-batches.repository';

/** Sharing's data, one repository per aggregate, each owning its SQL and the schema's name. */
export type SharingRepositories = {
  shareLinks: RepositoryContract<ShareLinksRepository>;
  promptTexts: RepositoryContract<PromptTextsRepository>;
  viewBatches: RepositoryContract<ViewBatchesRepository>;
  accounts: RepositoryContract<AccountsRepository>;
};

/** Sharing's unit of work: its rules change data only through it. */
export type SharingData = UnitOfWork<SharingRepositories>;

export const SHARING_DATA = Symbol('SHARING_DATA');

export function sharingRepositories(db: Db): SharingRepositories {
  return {
    shareLinks: new ShareLinksRepository(db),
    promptTexts: new PromptTextsRepository(db),
    viewBatches: new ViewBatchesRepository(db),
    accounts: new AccountsRepository(db),
  };
}

/** Shared by links, public reads, the prompt events and the view counts. */
@Global()
@Module({
  providers: [unitOfWorkProvider(SHARING_DATA, sharingRepositories)],
  exports: [SHARING_DATA],
})
export class SharingDataModule {}
