import type { SharedLink } from '@promptlib/proto';
import { createTestI18n } from '../../shared/testing/render-with-app';
import { sharedPromptIds, viewsOf } from './share-links';

const link = (promptId: number, shareId: string, views: number): SharedLink => ({
  promptId,
  title: `Prompt ${promptId}`,
  shareId,
  url: `http://localhost:8080/shared/${shareId}`,
  views,
  createdAt: '2025-01-05T10:00:00.000Z',
});

const links = [link(4, 'A'.repeat(22), 3), link(9, 'B'.repeat(22), 0)];

describe('sharedPromptIds', () => {
  it('marks exactly the prompts that have a live link', () => {
    const ids = sharedPromptIds(links);
    expect(ids.has(4)).toBe(true);
    expect(ids.has(9)).toBe(true);
    expect(ids.has(5)).toBe(false);
  });

  it('marks nothing while the links have not loaded or could not be read', () => {
    expect(sharedPromptIds(undefined).size).toBe(0);
    expect(sharedPromptIds([]).size).toBe(0);
  });
});

describe('viewsOf', () => {
  it("gives the link's view count, zero included", () => {
    expect(viewsOf(links, 'A'.repeat(22))).toBe(3);
    expect(viewsOf(links, 'B'.repeat(22))).toBe(0);
  });

  it('knows nothing of a link the list does not hold yet, such as one made again after a revoke', () => {
    expect(viewsOf(links, 'C'.repeat(22))).toBeUndefined();
    expect(viewsOf(undefined, 'A'.repeat(22))).toBeUndefined();
  });
});

describe('the view count wording', () => {
  it.each([
    [0, 'Viewed 0 times'],
    [1, 'Viewed 1 time'],
    [2, 'Viewed 2 times'],
    [1000, 'Viewed 1000 times'],
  ])('reads %i views in English as "%s"', async (count, text) => {
    const i18n = await createTestI18n('en');
    expect(i18n.t('library.share.views', { count })).toBe(text);
  });

  it.each([
    [0, '0-mal angesehen'],
    [1, 'Einmal angesehen'],
    [5, '5-mal angesehen'],
  ])('reads %i views in German as "%s"', async (count, text) => {
    const i18n = await createTestI18n('de');
    expect(i18n.t('library.share.views', { count })).toBe(text);
  });
});
