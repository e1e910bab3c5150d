import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { Range } from './palette-search';

/** A text with the stretches a search matched marked. */
export function Highlighted({ text, ranges }: { text: string; ranges: Range[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <Box
        key={start}
        component="mark"
        sx={(theme) => ({
          color: 'inherit',
          fontWeight: 700,
          backgroundColor: alpha(theme.palette.primary.main, 0.16),
          borderRadius: 0.5,
        })}
      >
        {text.slice(start, end)}
      </Box>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
