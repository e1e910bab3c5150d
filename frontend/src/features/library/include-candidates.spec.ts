import type { PromptTitle } from '@promptlib/proto';
import { includeCandidates, includeIndexOf } from './include-candidates';

const titles: PromptTitle[] = [
  [5, 'Weekly report', null, 2],
  [4, 'Report for the board', null, 9],
  [3, 'Intro', null, 0],
  [2, 'Sign-off', null, 4],
  [1, 'Monthly REPORT', null, 1],
];

describe('include candidates', () => {
  it('offers the most used prompts before anything is typed, leaving out the one being edited', () => {
    const index = includeIndexOf(titles, 4, 3);
    expect(includeCandidates(index, '  ', 3).map(([id]) => id)).toEqual([2, 5, 1]);
  });

  it('finds titles holding the text in any case, those starting with it first', () => {
    const index = includeIndexOf(titles, null, 10);
    expect(includeCandidates(index, 'report', 10).map(([id]) => id)).toEqual([4, 5, 1]);
  });

  it('shows no more than asked of a large library', () => {
    const many: PromptTitle[] = Array.from({ length: 50_000 }, (_, at) => [
      50_000 - at,
      `Prompt ${at}`,
      null,
      0,
    ]);
    const index = includeIndexOf(many, null, 50);
    const found = includeCandidates(index, 'prompt 1', 50);
    expect(found).toHaveLength(50);
    expect(found[0]![1]).toBe('Prompt 1');
  });
});
