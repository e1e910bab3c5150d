import { Controller } from '@nestjs/common';
import { Handles } from '@promptlib/platform';
import { subjects, type Category, type DeletedCategory, type UserScoped } from '@promptlib/proto';
import {
  CategoriesService,
  type CreateCategoryRequest,
  type DeleteCategoryRequest,
  type RenameCategoryRequest,
  type ReorderCategoriesRequest,
} from './categories.service';

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Handles(subjects.library.categoriesEnsureDefault)
  ensureDefault(request: UserScoped): Promise<Category> {
    return this.categories.ensureDefault(request);
  }

  @Handles(subjects.library.categoriesList)
  list(request: UserScoped): Promise<Category[]> {
    return this.categories.list(request);
  }

  @Handles(subjects.library.categoriesCreate)
  create(request: CreateCategoryRequest): Promise<Category> {
    return this.categories.create(request);
  }

  @Handles(subjects.library.categoriesRename)
  rename(request: RenameCategoryRequest): Promise<Category> {
    return this.categories.rename(request);
  }

  @Handles(subjects.library.categoriesDelete)
  delete(request: DeleteCategoryRequest): Promise<DeletedCategory> {
    return this.categories.delete(request);
  }

  @Handles(subjects.library.categoriesReorder)
  reorder(request: ReorderCategoriesRequest): Promise<Category[]> {
    return this.categories.reorder(request);
  }
}
