import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import {
  subjects,
  type Category,
  type DeletedCategory,
  type ParsedRequestOf,
  type UserScoped,
} from '@promptlib/proto';
import { CategoriesService } from './categories.service';

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Handles(subjects.library.categoriesEnsureDefault)
  ensureDefault(request: UserScoped): Promise<Category> {
    return this.categories.ensureDefault(request.userId);
  }

  @Handles(subjects.library.categoriesList)
  list(request: UserScoped): Promise<Category[]> {
    return this.categories.list(request.userId);
  }

  @Handles(subjects.library.categoriesCreate)
  create(request: ParsedRequestOf<typeof subjects.library.categoriesCreate>): Promise<Category> {
    return this.categories.create(request.userId, request.name);
  }

  @Handles(subjects.library.categoriesDelete)
  delete(request: ParsedRequestOf<typeof subjects.library.categoriesDelete>): Promise<DeletedCategory> {
    return this.categories.delete(request.userId, request.categoryId);
  }

  @Handles(subjects.library.categoriesReorder)
  reorder(request: ParsedRequestOf<typeof subjects.library.categoriesReorder>): Promise<Category[]> {
    return this.categories.reorder(request.userId, request.categoryPositions);
  }
}
