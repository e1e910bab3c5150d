/**
 * Compile-time tests of the contracts: `npm test` typechecks this file and runs none of it. Each
 * `@ts-expect-error` line must produce a type error, or the directive itself fails to compile, so
 * these lines fail the build the day the check they prove stops working.
 */
import { Controller } from '@nestjs/common';
import { subjects, type Category, type CopyResult, type Prompt, type PromptFields } from '@promptlib/proto';
import { Handles, type ServiceClient } from '../src';

declare const client: ServiceClient;
const fields: PromptFields = { title: 'A title', content: 'Some content', categoryId: null };

export async function callerSide(): Promise<unknown[]> {
  const valid = [
    await client.request(subjects.library.promptsCopy, { userId: 1, promptId: 2 }),
    await client.request(subjects.library.promptsCreate, { userId: 1, ...fields }),
    await client.requestRaw(subjects.library.promptsList, { userId: 1, before: null }),
  ];
  const copied: CopyResult = await client.request(subjects.library.promptsCopy, { userId: 1, promptId: 2 });

  // @ts-expect-error a request with a field its contract does not declare
  await client.request(subjects.library.promptsCopy, { userId: 1, promptId: 2, title: 'x' });
  // @ts-expect-error a request field of the wrong type
  await client.request(subjects.library.promptsCopy, { userId: 1, promptId: '2' });
  // @ts-expect-error a request without a field its contract requires
  await client.request(subjects.library.promptsCreate, { userId: 1, title: 'x', content: 'y' });
  // @ts-expect-error the request of another subject
  await client.request(subjects.library.categoriesCreate, { userId: 1, ...fields });

  // @ts-expect-error a reply used as the wrong type: copy answers a CopyResult, not a Prompt
  const notAPrompt: Prompt = await client.request(subjects.library.promptsCopy, { userId: 1, promptId: 2 });
  // @ts-expect-error a list of categories used as one category
  const notOneCategory: Category = await client.request(subjects.library.categoriesList, { userId: 1 });

  // @ts-expect-error a raw subject asked for a JSON reply
  await client.request(subjects.library.promptsList, { userId: 1 });
  // @ts-expect-error a JSON subject asked for a raw reply
  await client.requestRaw(subjects.library.promptsCopy, { userId: 1, promptId: 2 });

  return [...valid, copied, notAPrompt, notOneCategory];
}

@Controller()
export class HandlerSide {
  @Handles(subjects.library.promptsCopy)
  async copy(request: { userId: number; promptId: number }): Promise<CopyResult> {
    return { usageCount: request.promptId };
  }

  // @ts-expect-error a handler that expects a field its request does not carry
  @Handles(subjects.library.promptsCopy)
  async copyExpectingATitle(request: {
    userId: number;
    promptId: number;
    title: string;
  }): Promise<CopyResult> {
    return { usageCount: request.title.length };
  }

  // @ts-expect-error a handler whose reply misses a field of its contract
  @Handles(subjects.library.categoriesCreate)
  async createWithoutPosition(request: {
    userId: number;
    name: string;
  }): Promise<Omit<Category, 'position'>> {
    return { id: request.userId, name: request.name };
  }

  // @ts-expect-error a raw subject handled as a JSON one
  @Handles(subjects.library.promptsList)
  async list(_request: { userId: number }): Promise<Prompt[]> {
    return [];
  }
}
