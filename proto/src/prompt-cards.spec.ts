import { describe, expect, it } from 'vitest';
import { promptCardsRequest } from './prompt-cards';

const request = (search: string) => ({
  userId: 1,
  filter: 'all',
  categoryId: null,
  search,
  sort: 'recent',
  cursor: null,
  limit: 50,
});

describe('a request for a page of cards', () => {
  it('takes a search of one line, spaces and every script included', () => {
    expect(promptCardsRequest.safeParse(request('  Straße  über 東京 ')).success).toBe(true);
  });

  // The library searches title, content and tags as one text with line breaks between them.
  it.each([
    ['a line break', 'end of title\nstart of content'],
    ['a tab', 'a\tb'],
    ['another control character', 'a\u0001b'],
  ])('refuses a search holding %s, which could match across the parts of a prompt', (_kind, search) => {
    const parsed = promptCardsRequest.safeParse(request(search));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['search'],
      params: { rule: 'controlCharacters' },
    });
  });
});
