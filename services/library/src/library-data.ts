import { Global, Module } from '@nestjs/common';
import {
  unitOfWorkProvider,
  type Db,
  type RepositoryContract,
  type UnitOfWork,
} from '@promptlib/platform/service';
import { AccountsRepository } from './accounts/accounts.repository';
import { CategoriesRepository } from './categories/categories.repository';
import { PromptsRepository } from './prompts/prompts.repository';
import { TiersRepository } from './tiers/tiers.repository';
import { PromptVersionsRepository } from './versions/prompt-versions.repository';
import { TagsRepository } from './tags/tags.repository';

/** The library's data, one repository per aggregate, each owning its SQL and the schema's name. */
export type LibraryRepositories = {
  prompts: RepositoryContract<PromptsRepository>;
  categories: RepositoryContract<CategoriesRepository>;
  tiers: RepositoryContract<TiersRepository>;
  versions: RepositoryContract<PromptVersionsRepository>;
  tags: RepositoryContract<TagsRepository>;
  accounts: RepositoryContract<AccountsRepository>;
};

/** The library's unit of work: its rules change data only through it. */
export type LibraryData = UnitOfWork<LibraryRepositories>;

export const LIBRARY_DATA = Symbol('LIBRARY_DATA');

export function libraryRepositories(db: Db): LibraryRepositories {
  return {
    prompts: new PromptsRepository(db),
    categories: new CategoriesRepository(db),
    tiers: new TiersRepository(db),
    versions: new PromptVersionsRepository(db),
    tags: new TagsRepository(db),
    accounts: new AccountsRepository(db),
  };
}

/** Shared by the feature modules: deleting a category deletes its prompts in one transaction. */
@Global()
@Module({
  providers: [unitOfWorkProvider(LIBRARY_DATA, libraryRepositories)],
  exports: [LIBRARY_DATA],
})
export class LibraryDataModule {}
