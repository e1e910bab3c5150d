import type { Range } from './palette-search';

/**
 * A text with the stretches a search matched marked. Plain elements: the palette redraws up to 50
 * rows on each keystroke, and its list styles the marks once for all of them.
 */
export function Highlighted({ text, ranges }: { text: string; ranges: Range[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
