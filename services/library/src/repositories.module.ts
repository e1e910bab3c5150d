import { Global, Module } from '@nestjs/common';
import { CategoriesRepository } from './categories/categories.repository';
import { PromptsRepository } from './prompts/prompts.repository';
import { TiersRepository } from './tiers/tiers.repository';

/**
 * The library's data access, one repository per aggregate, each owning its SQL and the schema's
 * name. Shared by the feature modules: deleting a category deletes its prompts in one transaction.
 */
@Global()
@Module({
  providers: [CategoriesRepository, PromptsRepository, TiersRepository],
  exports: [CategoriesRepository, PromptsRepository, TiersRepository],
})
export class RepositoriesModule {}
