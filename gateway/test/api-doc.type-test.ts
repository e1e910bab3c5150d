/**
 * Compile-time tests of route documentation: `npm test` typechecks this file and runs none of it.
 * Each `@ts-expect-error` line must produce a type error, or the directive itself fails to compile.
 */
import { Controller, Get, Res } from '@nestjs/common';
import { category, prompt, type Category, type Prompt } from '@promptlib/proto';
import type { FastifyReply } from 'fastify';
import { ApiDoc } from '../src/common/api-doc.decorator';

const documentation = { summary: 'A route', tag: 'Tests', errors: [] } as const;
declare const aCategory: Category;
declare const aPrompt: Prompt;

@Controller('api/type-test')
export class DocumentedRoutes {
  @Get('category')
  @ApiDoc({ ...documentation, response: category })
  async category(): Promise<Category> {
    return aCategory;
  }

  @Get('streamed')
  @ApiDoc({ ...documentation, response: prompt.array(), writesResponse: true })
  streamed(@Res() reply: FastifyReply): void {
    void reply.send([aPrompt]);
  }

  @Get('not-what-it-says')
  // @ts-expect-error a route that answers something other than its documented response
  @ApiDoc({ ...documentation, response: category })
  async notWhatItSays(): Promise<Prompt> {
    return aPrompt;
  }

  @Get('one-of-a-list')
  // @ts-expect-error a route documented as answering a list that answers one item
  @ApiDoc({ ...documentation, response: category.array() })
  oneOfAList(): Category {
    return aCategory;
  }

  @Get('no-answer')
  // @ts-expect-error a route documented as answering JSON that answers nothing, without saying it writes the response
  @ApiDoc({ ...documentation, response: category })
  noAnswer(@Res() reply: FastifyReply): void {
    void reply.send(aCategory);
  }
}
