import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Prompt } from '@promptlib/proto';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, type RefObject } from 'react';
import type { PromptView } from '../library.slice';
import { PROMPT_CARD_HEIGHT, PromptCard } from './PromptCard';

type Props = {
  prompts: Prompt[];
  view: PromptView;
  scrollElement: RefObject<HTMLElement | null>;
  categoryNameOf: (prompt: Prompt) => string;
  isShared: (prompt: Prompt) => boolean;
  onEdit: (prompt: Prompt) => void;
  onShare: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
};

const GAP = 16;

/**
 * The cards, in rows of one, two or three depending on the screen and view. Only the rows near the
 * visible part of the list are in the page, so 5,000 prompts cost what 20 do.
 */
export function PromptGrid({
  prompts,
  view,
  scrollElement,
  categoryNameOf,
  isShared,
  onEdit,
  onShare,
  onDelete,
}: Props) {
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const columns = view === 'list' || !medium ? 1 : wide ? 3 : 2;
  const rows = useMemo(() => {
    const grouped: Prompt[][] = [];
    for (let index = 0; index < prompts.length; index += columns)
      grouped.push(prompts.slice(index, index + columns));
    return grouped;
  }, [prompts, columns]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => PROMPT_CARD_HEIGHT,
    overscan: 1,
    initialRect: { width: 1024, height: 800 },
  });

  return (
    <Box role="list" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <Box
          key={row.key}
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start}px)`,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: `${GAP}px`,
            height: PROMPT_CARD_HEIGHT - GAP,
          }}
        >
          {/* Keyed by slot, not by prompt: a new search updates the mounted cards instead of rebuilding them. */}
          {rows[row.index].map((prompt, slot) => (
            <Box role="listitem" key={slot} sx={{ minWidth: 0 }}>
              <PromptCard
                prompt={prompt}
                categoryName={categoryNameOf(prompt)}
                shared={isShared(prompt)}
                onEdit={onEdit}
                onShare={onShare}
                onDelete={onDelete}
              />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
