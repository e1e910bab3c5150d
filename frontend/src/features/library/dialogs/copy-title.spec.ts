import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';
import { copyTitle } from './copy-title';

const t = ((_key: string, { title }: { title: string }) => `${title} (copy)`) as unknown as TFunction;

describe('copyTitle', () => {
  it('marks the copy after the title', () => {
    expect(copyTitle('Code review', t)).toBe('Code review (copy)');
  });

  it('shortens a long title so the copy keeps to the longest title allowed', () => {
    const longest = 'x'.repeat(limits.promptTitle.max);
    const copy = copyTitle(longest, t);
    expect(copy).toHaveLength(limits.promptTitle.max);
    expect(copy.endsWith('x… (copy)')).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    // The cut falls between the emoji's two UTF-16 halves: the emoji goes whole.
    const before = 'x'.repeat(limits.promptTitle.max - 9);
    const copy = copyTitle(`${before}😀${'y'.repeat(7)}`, t);
    expect(copy).toBe(`${before}… (copy)`);
  });
});
