import { limits } from '@promptlib/proto';
import type { TFunction } from 'i18next';

/** "Title (copy)", the title shortened where the whole would pass the longest title allowed. */
export function copyTitle(title: string, t: TFunction): string {
  const whole = t('library.card.copyTitle', { title });
  const over = whole.length - limits.promptTitle.max;
  if (over <= 0) return whole;
  let kept = title.slice(0, Math.max(0, title.length - over - 1));
  // A cut between the two halves of an emoji would leave half of it, which no title may hold.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return t('library.card.copyTitle', { title: `${kept}…` });
}
