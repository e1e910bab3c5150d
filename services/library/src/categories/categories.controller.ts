import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parsePayload } from '@promptlib/platform';
import { limits, subjects, type Category, type DeletedCategory } from '@promptlib/proto';
import { z } from 'zod';
import { CategoriesService } from './categories.service';

const userId = z.number().int().positive();
const id = z.number().int().positive();

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @MessagePattern(subjects.library.categoriesEnsureDefault)
  ensureDefault(@Payload() payload: unknown): Promise<Category> {
    return this.categories.ensureDefault(parsePayload(z.object({ userId }), payload).userId);
  }

  @MessagePattern(subjects.library.categoriesList)
  list(@Payload() payload: unknown): Promise<Category[]> {
    return this.categories.list(parsePayload(z.object({ userId }), payload).userId);
  }

  @MessagePattern(subjects.library.categoriesCreate)
  create(@Payload() payload: unknown): Promise<Category> {
    const request = parsePayload(
      z.object({ userId, name: z.string().max(limits.categoryName.max * 4) }),
      payload,
    );
    return this.categories.create(request.userId, request.name);
  }

  @MessagePattern(subjects.library.categoriesDelete)
  delete(@Payload() payload: unknown): Promise<DeletedCategory> {
    const request = parsePayload(z.object({ userId, categoryId: id }), payload);
    return this.categories.delete(request.userId, request.categoryId);
  }

  @MessagePattern(subjects.library.categoriesReorder)
  reorder(@Payload() payload: unknown): Promise<Category[]> {
    const request = parsePayload(
      z.object({
        userId,
        categoryPositions: z
          .array(z.object({ id, position: z.number().int().min(0).max(1_000_000) }))
          .max(1_000),
      }),
      payload,
    );
    return this.categories.reorder(request.userId, request.categoryPositions);
  }
}
