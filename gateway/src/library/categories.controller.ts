import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  category,
  deleteCategoryResponse,
  libraryMessages,
  type Category,
  type DeleteCategoryResponse,
} from '@promptlib/proto';
import type { Request } from 'express';
import { CurrentUserId } from '../auth/current-user.decorator';
import { SignedInGuard } from '../auth/signed-in.guard';
import { validateBody } from '../common/validate-body';
import { WriteRateLimitGuard } from '../rate-limit/write-rate-limit.guard';
import { ApiDoc, errorsOf } from '../openapi/api-doc.decorator';
import { categoryPositionsDto, createCategoryDto } from './dto/category.dto';
import { LibraryClient } from './library.client';
import { routeId } from './route-id';

@Controller('api/categories')
@UseGuards(SignedInGuard)
export class CategoriesController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @ApiDoc({
    summary: 'The user’s categories, General first',
    tag: 'Library',
    access: 'signed-in',
    response: category.array(),
    errors: errorsOf.read,
  })
  list(@CurrentUserId() userId: number, @Req() req: Request): Promise<Category[]> {
    return this.library.categories(userId, req.id);
  }

  @Post()
  @ApiDoc({
    summary: 'Create a category (at the end of the list)',
    tag: 'Library',
    access: 'signed-in',
    body: createCategoryDto,
    response: category,
    errors: [...errorsOf.write, 409],
  })
  @UseGuards(WriteRateLimitGuard)
  create(@CurrentUserId() userId: number, @Req() req: Request, @Body() body: unknown): Promise<Category> {
    return this.library.createCategory(userId, validateBody(createCategoryDto, body).name, req.id);
  }

  @Post('update-positions')
  @ApiDoc({
    summary: 'Reorder categories; General stays first',
    tag: 'Library',
    access: 'signed-in',
    body: categoryPositionsDto,
    response: category.array(),
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @UseGuards(WriteRateLimitGuard)
  reorder(@CurrentUserId() userId: number, @Req() req: Request, @Body() body: unknown): Promise<Category[]> {
    return this.library.reorderCategories(
      userId,
      validateBody(categoryPositionsDto, body).categoryPositions,
      req.id,
    );
  }

  @Delete(':id')
  @ApiDoc({
    summary: 'Delete a category and every prompt in it (not General)',
    tag: 'Library',
    access: 'signed-in',
    response: deleteCategoryResponse,
    errors: errorsOf.itemAction,
  })
  @UseGuards(WriteRateLimitGuard)
  async delete(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<DeleteCategoryResponse> {
    const deleted = await this.library.deleteCategory(
      userId,
      routeId(id, libraryMessages.categoryNotFound),
      req.id,
    );
    return { success: true, deletedPromptIds: deleted.deletedPromptIds };
  }
}
