import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type Theme } from '@mui/material/styles';
import type { PromptCard as PromptCardData } from '@promptlib/proto';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptView } from '../library.slice';
import { PROMPT_CARD_HEIGHT, PROMPT_ROW_HEIGHT, PromptCard, ROW_GAP } from './PromptCard';

type Props = {
  prompts: PromptCardData[];
  /** Whether the list goes on past the loaded cards. */
  hasMore: boolean;
  moreFailed: boolean;
  /** Asks for the next page; called as the user scrolls near the end of what is loaded. */
  onLoadMore: () => void;
  view: PromptView;
  scrollElement: RefObject<HTMLElement | null>;
  categoryNameOf: (prompt: PromptCardData) => string;
  isShared: (prompt: PromptCardData) => boolean;
  onEdit: (prompt: PromptCardData) => void;
  onHistory: (prompt: PromptCardData) => void;
  onShare: (prompt: PromptCardData) => void;
  onRead: (prompt: PromptCardData) => void;
  onDuplicate: (prompt: PromptCardData) => void;
  onDelete: (prompt: PromptCardData) => void;
  onTag: (tag: string | null) => void;
  /** The tag the list is narrowed to. */
  activeTag: string | null;
  /** While prompts are being selected: which are, and a checkbox's click (Shift for a range). */
  selection?: {
    isSelected: (prompt: PromptCardData) => boolean;
    onToggle: (prompt: PromptCardData, range: boolean) => void;
  };
};

const GAP = 16;

// The next page is asked for while this many rows are still ahead: a few screens of scrolling,
// so someone reading down the list never reaches the end of what is loaded.
const ROWS_AHEAD = 24;

// The list's height and a row's place and columns change with every scroll and layout, and go
// inline: styled from props, each row's styles were serialised on every render, a class per offset.
const GridList = styled('div')({ position: 'relative' });
const GridRow = styled('div')({ position: 'absolute', top: 0, left: 0, width: '100%', display: 'grid' });
const GridCell = styled('div')({ minWidth: 0 });

/**
 * The cards, in rows of one, two or three depending on the screen and view. Only the rows near the
 * visible part of the list are in the page, and only the pages scrolled near are loaded, so 50,000
 * prompts cost what 20 do.
 */
export function PromptGrid({
  prompts,
  hasMore,
  moreFailed,
  onLoadMore,
  view,
  scrollElement,
  categoryNameOf,
  isShared,
  onEdit,
  onHistory,
  onShare,
  onRead,
  onDuplicate,
  onDelete,
  onTag,
  activeTag,
  selection,
}: Props) {
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const dense = view === 'list';
  const columns = dense || !medium ? 1 : wide ? 3 : 2;
  // Each row is as high as its cards: the grid's cards, or the list view's rows.
  const rowHeight = dense ? (medium ? PROMPT_ROW_HEIGHT.wide : PROMPT_ROW_HEIGHT.narrow) : PROMPT_CARD_HEIGHT;
  const gap = dense ? ROW_GAP : GAP;
  const { t } = useTranslation();
  const rows = useMemo(() => {
    const grouped: PromptCardData[][] = [];
    for (let index = 0; index < prompts.length; index += columns)
      grouped.push(prompts.slice(index, index + columns));
    return grouped;
  }, [prompts, columns]);

  // One more row at the end while the list goes on: placeholders while the next page comes.
  const tail = hasMore ? 1 : 0;
  const virtualizer = useVirtualizer({
    count: rows.length + tail,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => rowHeight,
    overscan: 1,
    initialRect: { width: 1024, height: 800 },
  });
  // Rows keep the size they were laid out with until told: the view's change of height is news.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  // Another number of columns (the view toggled, the window resized) keeps the first card in view
  // where it was, rather than the scroll offset, which would now show cards far from it. The offset
  // the old rows were at is read before the new ones replace them (a shorter list clamps it).
  const listRef = useRef<HTMLDivElement>(null);
  const shownLayout = useRef({ columns, rowHeight });
  const offsetBefore = useRef<number | null>(null);
  const relaid = shownLayout.current.columns !== columns || shownLayout.current.rowHeight !== rowHeight;
  if (relaid && offsetBefore.current === null && scrollElement.current)
    offsetBefore.current = scrollElement.current.scrollTop;
  useLayoutEffect(() => {
    const before = shownLayout.current;
    const offset = offsetBefore.current;
    shownLayout.current = { columns, rowHeight };
    offsetBefore.current = null;
    const element = scrollElement.current;
    const list = listRef.current;
    if (
      (before.columns === columns && before.rowHeight === rowHeight) ||
      offset === null ||
      !element ||
      !list
    )
      return;
    const listTop =
      list.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
    const firstCard = Math.floor(Math.max(0, offset - listTop) / before.rowHeight) * before.columns;
    element.scrollTop = listTop + Math.floor(firstCard / columns) * rowHeight;
  }, [scrollElement, columns, rowHeight]);

  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  const nearEnd = hasMore && !moreFailed && lastShown >= rows.length - ROWS_AHEAD;
  useEffect(() => {
    if (nearEnd) onLoadMore();
  }, [nearEnd, onLoadMore, rows.length]);

  return (
    <GridList
      ref={listRef}
      role="list"
      aria-busy={hasMore && lastShown >= rows.length}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((row) => (
        <GridRow
          key={row.key}
          style={{
            transform: `translateY(${row.start}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap,
            height: rowHeight - gap,
          }}
        >
          {row.index === rows.length ? (
            moreFailed ? (
              <Box sx={{ gridColumn: '1 / -1', alignSelf: 'center', justifySelf: 'center' }}>
                <Button variant="outlined" onClick={onLoadMore}>
                  {t('library.loadMore.retry')}
                </Button>
              </Box>
            ) : (
              Array.from({ length: columns }, (_, slot) => (
                <Skeleton
                  key={slot}
                  variant="rounded"
                  height="100%"
                  aria-label={t('library.loadMore.loading')}
                />
              ))
            )
          ) : null}
          {/* Keyed by slot, not by prompt: a new search updates the mounted cards instead of rebuilding them. */}
          {(rows[row.index] ?? []).map((prompt, slot) => (
            <GridCell role="listitem" key={slot}>
              <PromptCard
                prompt={prompt}
                categoryName={categoryNameOf(prompt)}
                shared={isShared(prompt)}
                onEdit={onEdit}
                onHistory={onHistory}
                onShare={onShare}
                onRead={onRead}
                onDuplicate={onDuplicate}
                onDelete={onDelete}
                onTag={onTag}
                activeTag={activeTag}
                dense={dense}
                selection={
                  selection
                    ? { selected: selection.isSelected(prompt), onToggle: selection.onToggle }
                    : undefined
                }
              />
            </GridCell>
          ))}
        </GridRow>
      ))}
    </GridList>
  );
}
