import { createNextState } from '@reduxjs/toolkit';
import { PROMPT_PREVIEW_CHARS, type Prompt, type PromptCard } from '@promptlib/proto';
import {
  addCard,
  appendPage,
  cardListOf,
  cardOf,
  changeCard,
  countPrompt,
  putPrompt,
  removeCard,
  type CardList,
  type CardListArgs,
} from './card-lists';

function prompt(id: number, fields: Partial<Prompt> = {}): Prompt {
  return {
    id,
    title: `Prompt ${id}`,
    content: `Content ${id}`,
    categoryId: 1,
    isFavorite: 0,
    usageCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    tags: [],
    ...fields,
  };
}
const card = (id: number, fields: Partial<Prompt> = {}): PromptCard => cardOf(prompt(id, fields));
const list = (cards: PromptCard[], nextCursor: string | null = null): CardList =>
  cardListOf({ cards, nextCursor, total: cards.length + (nextCursor ? 10 : 0), totalAtLeast: false });
const ids = (of: CardList) => of.cards.map((item) => item.id);
const all: CardListArgs = { filter: 'all', categoryId: null, tag: null, search: '', sort: 'recent' };

describe('a card made here', () => {
  it('holds the start of the content and its length in characters, as the server counts them', () => {
    const made = cardOf(prompt(1, { content: '😀'.repeat(PROMPT_PREVIEW_CHARS + 5) }));
    expect(made.contentLength).toBe(PROMPT_PREVIEW_CHARS + 5);
    expect(Array.from(made.preview)).toHaveLength(PROMPT_PREVIEW_CHARS);
    expect(made).not.toHaveProperty('content');
  });
});

describe('the loaded pages of a list', () => {
  it('join the next page without showing a card twice', () => {
    const loaded = list([card(9), card(8)], 'c1');
    appendPage(loaded, { cards: [card(8), card(7)], nextCursor: null, total: null, totalAtLeast: false });
    expect(ids(loaded)).toEqual([9, 8, 7]);
    expect(loaded.nextCursor).toBeNull();
  });

  it('put a new card where its sort places it, and count it', () => {
    const byName = list([card(1, { title: 'apple' }), card(2, { title: 'Cherry' })]);
    addCard(byName, card(3, { title: 'banana' }), 'name');
    expect(ids(byName)).toEqual([1, 3, 2]);
    expect(byName.total).toBe(3);

    const byUse = list([card(1, { usageCount: 5 }), card(2, { usageCount: 1 })]);
    addCard(byUse, card(3), 'used');
    expect(ids(byUse)).toEqual([1, 2, 3]);
  });

  it('leave a card past the last loaded page to that page, even once the boundary card is gone', () => {
    const byName = list([card(1, { title: 'apple' }), card(2, { title: 'melon' })], 'after-melon');
    removeCard(byName, 2);
    addCard(byName, card(3, { title: 'kiwi' }), 'name');
    // kiwi sorts before melon, where the next page starts: it is not on that page, so it shows here.
    expect(ids(byName)).toEqual([1, 3]);
    addCard(byName, card(4, { title: 'zucchini' }), 'name');
    expect(ids(byName)).toEqual([1, 3]);
    expect(byName.total).toBe(2 + 10 - 1 + 2);
  });

  it('change a prompt where it stands, and take it out of a list that no longer holds it', () => {
    const inCategory: CardListArgs = { ...all, filter: 'category', categoryId: 1 };
    const loaded = list([card(3), card(2), card(1)]);
    putPrompt(loaded, inCategory, prompt(2, { title: 'Renamed' }));
    expect(loaded.cards.map((item) => item.title)).toEqual(['Prompt 3', 'Renamed', 'Prompt 1']);
    putPrompt(loaded, inCategory, prompt(2, { categoryId: 7 }));
    expect(ids(loaded)).toEqual([3, 1]);
    expect(loaded.total).toBe(2);
  });

  it('put a prompt into a search only when its title or content matches', () => {
    const searching: CardListArgs = { ...all, search: 'Flour' };
    const loaded = list([]);
    putPrompt(loaded, searching, prompt(1, { content: 'no match' }));
    putPrompt(loaded, searching, prompt(2, { content: 'sift the FLOUR' }));
    expect(ids(loaded)).toEqual([2]);
  });

  it('hold a prompt in a tag’s list while it carries the tag in any case, and find a tag by search', () => {
    const tagged: CardListArgs = { ...all, tag: 'email' };
    const loaded = list([]);
    putPrompt(loaded, tagged, prompt(1, { tags: ['Work'] }));
    putPrompt(loaded, tagged, prompt(2, { tags: ['Work', 'Email'] }));
    expect(ids(loaded)).toEqual([2]);
    putPrompt(loaded, tagged, prompt(2, { tags: ['Work'] }));
    expect(ids(loaded)).toEqual([]);

    const searching = list([]);
    putPrompt(searching, { ...all, search: 'mail' }, prompt(3, { tags: ['Email'] }));
    expect(ids(searching)).toEqual([3]);
  });

  it('drop an unfavourited card from Favourites', () => {
    const favorites: CardListArgs = { ...all, filter: 'favorites' };
    const loaded = list([card(2, { isFavorite: 1 }), card(1, { isFavorite: 1 })]);
    changeCard(loaded, favorites, 2, (item) => {
      item.isFavorite = 0;
    });
    expect(ids(loaded)).toEqual([1]);
  });

  it('keep a changed card where it stands, and say so when its order would now place it elsewhere', () => {
    const byUse: CardListArgs = { ...all, sort: 'used' };
    const loaded = list([card(3, { usageCount: 4 }), card(2, { usageCount: 2 }), card(1, { usageCount: 1 })]);
    changeCard(loaded, byUse, 2, (item) => {
      item.usageCount += 1;
    });
    expect(loaded.outOfOrder).toBe(false);
    changeCard(loaded, byUse, 1, (item) => {
      item.usageCount += 4;
    });
    expect(ids(loaded)).toEqual([3, 2, 1]);
    expect(loaded.outOfOrder).toBe(true);

    const byName: CardListArgs = { ...all, sort: 'name' };
    const named = list([
      card(1, { title: 'apple' }),
      card(2, { title: 'banana' }),
      card(3, { title: 'cherry' }),
    ]);
    putPrompt(named, byName, prompt(2, { title: 'Blueberry' }));
    expect(named.outOfOrder).toBe(false);
    putPrompt(named, byName, prompt(1, { title: 'date' }));
    expect(ids(named)).toEqual([1, 2, 3]);
    expect(named.outOfOrder).toBe(true);
  });
});

describe('the loaded pages of a list, changed inside a cache update (an immer draft)', () => {
  it('sees each change the same update made before it', () => {
    const loaded = list([card(9), card(8), card(7), card(6)], 'c1');
    const changed = createNextState(loaded, (draft) => {
      expect(removeCard(draft, 8)).toBe(true);
      expect(removeCard(draft, 8)).toBe(false);
      expect(removeCard(draft, 6)).toBe(true);
      addCard(draft, card(10), 'recent');
      addCard(draft, card(10), 'recent');
      putPrompt(draft, all, prompt(7, { title: 'Renamed' }));
      changeCard(draft, all, 9, (found) => {
        found.usageCount = 4;
      });
      appendPage(draft, {
        cards: [card(10), card(7), card(5)],
        nextCursor: null,
        total: null,
        totalAtLeast: false,
      });
    });
    expect(ids(changed)).toEqual([10, 9, 7, 5]);
    expect(changed.cards[1].usageCount).toBe(4);
    expect(changed.cards[2].title).toBe('Renamed');
    expect(changed.total).toBe(4 + 10 - 2 + 1);
    expect(ids(loaded)).toEqual([9, 8, 7, 6]);
  });
});

describe('the last-used order', () => {
  const used = (id: number, at: string | null): PromptCard => ({ ...card(id), lastUsedAt: at });

  it('puts the most recently used first and the never used last, newest first among equals', () => {
    const lastUsed: CardListArgs = { ...all, sort: 'lastUsed' };
    const loaded = list([used(2, '2026-11-27T05:00:00.000Z'), used(9, null), used(4, null)]);
    addCard(loaded, used(1, '2026-11-27T06:00:00.000Z'), lastUsed.sort);
    addCard(loaded, used(7, null), lastUsed.sort);
    expect(ids(loaded)).toEqual([1, 2, 9, 7, 4]);
  });

  it('keeps a card’s last use when an edit changes it', () => {
    const loaded = list([used(3, '2026-11-27T05:00:00.000Z')]);
    putPrompt(loaded, all, prompt(3, { title: 'Renamed' }));
    expect(loaded.cards[0]).toMatchObject({ title: 'Renamed', lastUsedAt: '2026-11-27T05:00:00.000Z' });
  });
});

describe('the sidebar counts', () => {
  it('move with a prompt created or deleted', () => {
    const counts = { all: 1, favorites: 0, byCategory: [{ categoryId: 1, count: 1 }] };
    countPrompt(counts, { categoryId: 1, isFavorite: 1 }, 1);
    countPrompt(counts, { categoryId: 2, isFavorite: 0 }, 1);
    expect(counts).toEqual({
      all: 3,
      favorites: 1,
      byCategory: [
        { categoryId: 1, count: 2 },
        { categoryId: 2, count: 1 },
      ],
    });
    countPrompt(counts, { categoryId: 1, isFavorite: 1 }, -1);
    expect(counts).toMatchObject({ all: 2, favorites: 0 });
  });
});
