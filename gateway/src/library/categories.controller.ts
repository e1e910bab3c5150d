import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { KeysAllowed } from '../api-keys/keys-allowed.decorator';
import {
  category,
  deleteCategoryResponse,
  type Category,
  type DeleteCategoryResponse,
} from '@promptlib/proto';
import { CurrentUserId } from '../session/current-user.decorator';
import { SignedIn, SignedInWrite } from '../session/signed-in.decorator';
import { validateBody } from '../common/validate-body';
import { ApiDoc, errorsOf } from '../common/api-doc.decorator';
import { categoryPositionsDto, createCategoryDto, renameCategoryDto } from './dto/category.dto';
import { LibraryClient } from '../clients/library.client';
import { routeId } from '../common/route-id';

@KeysAllowed()
@Controller('api/categories')
export class CategoriesController {
  constructor(private readonly library: LibraryClient) {}

  @Get()
  @SignedIn()
  @ApiDoc({
    summary: 'The user’s categories, General first',
    tag: 'Library',
    response: category.array(),
    errors: errorsOf.read,
  })
  list(@CurrentUserId() userId: number): Promise<Category[]> {
    return this.library.categories(userId);
  }

  @Post()
  @ApiDoc({
    summary: 'Create a category (at the end of the list)',
    tag: 'Library',
    body: createCategoryDto,
    response: category,
    errors: [...errorsOf.write, 409],
  })
  @SignedInWrite()
  create(@CurrentUserId() userId: number, @Body() body: unknown): Promise<Category> {
    return this.library.createCategory(userId, validateBody(createCategoryDto, body).name);
  }

  @Post('update-positions')
  @ApiDoc({
    summary: 'Reorder categories; General stays first',
    tag: 'Library',
    body: categoryPositionsDto,
    response: category.array(),
    errors: [...errorsOf.write, 404],
  })
  @HttpCode(200)
  @SignedInWrite()
  reorder(@CurrentUserId() userId: number, @Body() body: unknown): Promise<Category[]> {
    return this.library.reorderCategories(userId, validateBody(categoryPositionsDto, body).categoryPositions);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Rename one of the user’s categories (not General)',
    description: 'The name follows the rules of a new category’s; the prompts stay in it.',
    tag: 'Library',
    body: renameCategoryDto,
    response: category,
    errors: [...errorsOf.write, 404, 409],
  })
  @SignedInWrite()
  rename(@CurrentUserId() userId: number, @Param('id') id: string, @Body() body: unknown): Promise<Category> {
    return this.library.renameCategory(
      userId,
      routeId(id, 'category'),
      validateBody(renameCategoryDto, body).name,
    );
  }

  @Delete(':id')
  @ApiDoc({
    summary: 'Delete a category and every prompt in it (not General)',
    tag: 'Library',
    response: deleteCategoryResponse,
    errors: errorsOf.itemAction,
  })
  @SignedInWrite()
  async delete(@CurrentUserId() userId: number, @Param('id') id: string): Promise<DeleteCategoryResponse> {
    const deleted = await this.library.deleteCategory(userId, routeId(id, 'category'));
    return { success: true, deletedPromptIds: deleted.deletedPromptIds };
  }
}
