import Bolt from '../../shared/icons/Bolt';
import Search from '../../shared/icons/Search';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import type { PromptCard } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { CardListArgs } from '../library/card-lists';
import { useGetPromptCardsQuery, useGetPromptTitlesQuery, useGetTagsQuery } from '../library/library.api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { requestEditPrompt } from '../library/library.slice';
import { usePromptActions } from '../library/hooks/usePromptActions';
import { useLibraryData } from '../library/hooks/useLibraryData';
import { recentUses } from '../library/recent-uses';
import { Highlighted } from './Highlighted';
import {
  fuzzyMatch,
  indexPrompts,
  mergeHits,
  parsePaletteQuery,
  plainHit,
  queryWords,
  resolveTag,
  searchPrompts,
  serverSearchOf,
  titleCardOf,
  type PaletteEntry,
  type PaletteIndex,
  type PromptHit,
  type Range,
} from './palette-search';
import { usePaletteActions, type PaletteAction } from './usePaletteActions';
import type { TypedAhead } from './typed-ahead';

// With a query: the best 25 of everything (about eight show at once; each keystroke redraws them
// all, so more would cost typing speed for rows nobody scrolls to). Without: the prompts to reach
// for first, then every action.
const RESULTS = 25;
const FIRST_PROMPTS = 8;
const PAGE_STEP = 8;
// The server is asked once typing pauses this long; Enter waits for the answer to what was typed.
const SERVER_SEARCH_DELAY_MS = 120;

/** What the server is asked for: the query's longest word, within the first tag it names. */
type ServerAsk = { search: string; tag: string | null };

/**
 * The palette's candidates: the most used prompts holding the query's longest word, across the
 * library or the tag.
 */
const candidatesOf = ({ search, tag }: ServerAsk): CardListArgs => ({
  filter: 'all',
  categoryId: null,
  tag,
  search,
  sort: 'used',
});

const sameAsk = (a: ServerAsk, b: ServerAsk) => a.search === b.search && a.tag === b.tag;

/** A prompt the server found for a one-word query is a match even where its preview does not show the word. */
function withServerMatches(hits: PromptHit[], index: PaletteIndex, text: string): PromptHit[] {
  if (queryWords(text).length !== 1) return hits;
  const marked = new Set(hits.map((hit) => hit.entry.prompt.id));
  const unmarked = index.entries.filter((entry: PaletteEntry) => !marked.has(entry.prompt.id));
  return [
    ...hits,
    ...unmarked.map((entry) => plainHit(entry, 40 + Math.log2(1 + entry.prompt.usageCount) * 5)),
  ];
}

type Row =
  | { kind: 'prompt'; key: string; hit: PromptHit; score: number }
  | { kind: 'action'; key: string; action: PaletteAction; ranges: Range[]; score: number };

type Props = {
  open: boolean;
  onClose: () => void;
  /** What was typed after the shortcut before the field could take it, handed over once. */
  takeTypedAhead: () => TypedAhead;
};

/**
 * The command palette: one field that finds any prompt of the library, however large, and any
 * action by name. Titles are matched here, fuzzily, against an index of every title (read once,
 * a few megabytes at 50,000 prompts); contents are searched by the server. Prompts used recently on
 * this device and the most used come first among equals. Arrow keys choose, Enter copies the
 * prompt (through the fill dialog when it has blanks) or runs the action.
 */
export function CommandPalette({ open, onClose, takeTypedAhead }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const data = useLibraryData();
  const promptActions = usePromptActions();
  const actions = usePaletteActions(data);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<number[]>([]);

  // Enter typed ahead, or pressed before the server answered what was typed, runs the top result
  // once the answer is here: never a result for an earlier, shorter query.
  const [pendingEnter, setPendingEnter] = useState<'copy' | 'edit' | false>(false);
  const [serverAsk, setServerAsk] = useState<ServerAsk>({ search: '', tag: null });
  const userTags = useGetTagsQuery(undefined, { skip: !open });

  // `#tag` words name the user's tags, found as they are typed; the rest is searched for.
  const parsed = useMemo(() => parsePaletteQuery(query), [query]);
  const tagged = parsed.tags.length > 0;
  const tagNames = useMemo(
    () => parsed.tags.map((typed) => resolveTag(typed, userTags.data ?? [])),
    [parsed, userTags.data],
  );
  const unknownTag = userTags.data !== undefined ? parsed.tags[tagNames.indexOf(null)] : undefined;
  const wanted: ServerAsk = { search: serverSearchOf(parsed.text), tag: tagNames[0] ?? null };

  useEffect(() => {
    if (!open) return;
    const ahead = takeTypedAhead();
    setQuery(ahead.text);
    setServerAsk({ search: serverSearchOf(parsePaletteQuery(ahead.text).text), tag: null });
    setActive(0);
    setRecent(recentUses());
    setPendingEnter(ahead.enter ? 'copy' : false);
  }, [open, takeTypedAhead]);

  useEffect(() => {
    if (sameAsk(wanted, serverAsk)) return;
    const timer = setTimeout(() => setServerAsk(wanted), SERVER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted.search, wanted.tag, serverAsk]);
  const candidatesArgs = useMemo(() => candidatesOf(serverAsk), [serverAsk]);
  const candidates = useGetPromptCardsQuery(candidatesArgs, { skip: !open });
  const titles = useGetPromptTitlesQuery(undefined, { skip: !open });
  const answered =
    candidates.currentData !== undefined &&
    sameAsk(wanted, serverAsk) &&
    !data.isLoading &&
    !titles.isLoading &&
    (!tagged || userTags.data !== undefined);

  const { general, ownCategories } = data;
  const categoryOf = useMemo(() => {
    const names = new Map(ownCategories.map((category) => [category.id, category.name]));
    return (prompt: PromptCard) =>
      (prompt.categoryId !== null && prompt.categoryId !== general?.id && names.get(prompt.categoryId)) ||
      t('library.filters.general');
  }, [general, ownCategories, t]);
  // Until the server answers for what was typed, the cards it found for the query before stay,
  // those without the query's tags left out: fewer results for a moment, never a wrong one.
  const foundCards = candidates.data?.cards;
  const tagFilter = tagged ? JSON.stringify(tagNames) : '';
  const entries = useMemo(() => {
    const names: (string | null)[] = tagFilter ? JSON.parse(tagFilter) : [];
    const cards = (foundCards ?? []).filter((card) =>
      names.every((name) => name !== null && card.tags.some((own) => sameTag(own, name))),
    );
    return indexPrompts(cards, categoryOf);
  }, [foundCards, categoryOf, tagFilter]);
  const titleEntries = useMemo(
    () => indexPrompts((titles.data ?? []).map(titleCardOf), categoryOf),
    [titles.data, categoryOf],
  );

  const rows = useMemo((): Row[] => {
    const trimmed = query.trim().toLowerCase();
    if (!trimmed) {
      const first = mergeHits(
        searchPrompts(entries, '', recent, FIRST_PROMPTS),
        searchPrompts(titleEntries, '', recent, FIRST_PROMPTS),
      )
        .sort((a, b) => b.score - a.score)
        .slice(0, FIRST_PROMPTS);
      return [
        ...first.map(promptRow),
        ...actions.map((action): Row => ({ kind: 'action', key: action.id, action, ranges: [], score: 0 })),
      ];
    }
    // A tag query finds prompts carrying the tags, among the server's answer only: the title index
    // knows no tags, and no action has any.
    if (tagged)
      return withServerMatches(searchPrompts(entries, parsed.text, recent, RESULTS), entries, parsed.text)
        .sort((a, b) => b.score - a.score)
        .slice(0, RESULTS)
        .map(promptRow);
    const actionRows = actions.flatMap((action): Row[] => {
      const match = fuzzyMatch(trimmed, action.label.toLowerCase());
      return match
        ? [{ kind: 'action', key: action.id, action, ranges: match.ranges, score: match.score * 3 + 30 }]
        : [];
    });
    const hits = withServerMatches(searchPrompts(entries, query, recent, RESULTS), entries, query);
    const promptHits = mergeHits(hits, searchPrompts(titleEntries, query, recent, RESULTS));
    return [...promptHits.map(promptRow), ...actionRows].sort((a, b) => b.score - a.score).slice(0, RESULTS);
  }, [entries, titleEntries, actions, query, parsed, tagged, recent]);

  const current = Math.min(active, Math.max(rows.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  useEffect(() => {
    if (open) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  // Shift-Enter opens a prompt in the library's edit dialog instead of copying it.
  const run = (row: Row | undefined, edit = false) => {
    if (!row) return;
    onClose();
    if (row.kind === 'action') row.action.run();
    else if (edit) {
      dispatch(requestEditPrompt(row.hit.entry.prompt));
      navigate('/');
    } else promptActions.copy(row.hit.entry.prompt);
  };

  useEffect(() => {
    if (!pendingEnter || !answered) return;
    setPendingEnter(false);
    run(rows[current], pendingEnter === 'edit');
    // run changes with every render; the Enter is run once, with the rows of that moment.
  }, [pendingEnter, answered]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = rows.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (current >= last ? 0 : current + 1),
      ArrowUp: () => (current <= 0 ? last : current - 1),
      PageDown: () => Math.min(current + PAGE_STEP, last),
      PageUp: () => Math.max(current - PAGE_STEP, 0),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (answered) run(rows[current], event.shiftKey);
      else setPendingEnter(event.shiftKey ? 'edit' : 'copy');
    }
  };

  const status =
    unknownTag !== undefined
      ? t('palette.noTag', { tag: unknownTag })
      : !answered && rows.length === 0
        ? t('palette.loading')
        : rows.length === 0
          ? t('palette.noResults', { query: query.trim() })
          : null;
  const taggedWith = tagged && unknownTag === undefined && userTags.data !== undefined ? tagNames : [];

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        slotProps={{ paper: { sx: { mt: '10vh' } } }}
      >
        <DialogTitle id={titleId} sx={visuallyHidden}>
          {t('palette.title')}
        </DialogTitle>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Search sx={{ color: 'text.secondary' }} />
          <InputBase
            autoFocus
            fullWidth
            value={query}
            placeholder={t('palette.placeholder')}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            inputProps={{
              role: 'combobox',
              'aria-label': t('palette.label'),
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': rows.length > 0 ? optionId(current) : undefined,
              autoComplete: 'off',
              spellCheck: false,
            }}
            sx={{ fontSize: 18 }}
          />
        </Box>
        {taggedWith.length > 0 ? (
          <Typography variant="caption" aria-live="polite" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
            {t('palette.taggedWith', {
              count: taggedWith.length,
              tags: taggedWith.map((tag) => `#${tag}`).join(' '),
            })}
          </Typography>
        ) : null}
        <Box
          component="ul"
          id={listId}
          role="listbox"
          aria-label={t('palette.results')}
          // Rows are plain elements styled here once: the list is redrawn on every keystroke.
          sx={(theme) => ({
            listStyle: 'none',
            m: 0,
            p: 1,
            maxHeight: '55vh',
            overflowY: 'auto',
            '& li': {
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 1.5,
              py: 1,
              borderRadius: 1,
              cursor: 'pointer',
            },
            '& li[aria-selected="true"]': { bgcolor: 'action.selected' },
            '& .body': { minWidth: 0, flex: 1 },
            '& .line': { display: 'flex', gap: 1, alignItems: 'baseline' },
            '& .title': { fontWeight: 600, flex: 1, minWidth: 0 },
            '& .title, & .snippet, & .label': {
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            },
            '& .meta, & .tag': { ...theme.typography.caption, color: 'text.secondary', flexShrink: 0 },
            '& .snippet': { display: 'block', ...theme.typography.body2, color: 'text.secondary' },
            '& .label': { flex: 1, minWidth: 0 },
            '& mark': {
              color: 'inherit',
              fontWeight: 700,
              backgroundColor: alpha(theme.palette.primary.main, 0.16),
              borderRadius: '2px',
            },
          })}
        >
          {rows.map((row, index) => (
            <li
              key={row.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              onMouseMove={() => index !== current && setActive(index)}
              onClick={() => run(row)}
            >
              {row.kind === 'prompt' ? <PromptOption row={row} /> : <ActionOption row={row} />}
            </li>
          ))}
        </Box>
        {status ? (
          <Typography role="status" sx={{ px: 3, pb: 2, color: 'text.secondary' }}>
            {status}
          </Typography>
        ) : null}
        <Typography
          variant="caption"
          sx={{ px: 2, py: 1, color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
        >
          {t('palette.hint')}
        </Typography>
      </Dialog>
      {promptActions.dialog}
    </>
  );
}

function promptRow(hit: PromptHit): Row {
  return { kind: 'prompt', key: `prompt-${hit.entry.prompt.id}`, hit, score: hit.score };
}

function PromptOption({ row }: { row: Extract<Row, { kind: 'prompt' }> }) {
  const { t } = useTranslation();
  const { entry, titleRanges, categoryRanges, snippet } = row.hit;
  return (
    <span className="body">
      <span className="line">
        <span className="title">
          <Highlighted text={entry.prompt.title} ranges={titleRanges} />
        </span>
        <span className="meta">
          <Highlighted text={entry.category} ranges={categoryRanges} />
          {' · '}
          {t('palette.uses', { count: entry.prompt.usageCount })}
        </span>
      </span>
      <span className="snippet">
        <Highlighted text={snippet.text} ranges={snippet.ranges} />
      </span>
    </span>
  );
}

function ActionOption({ row }: { row: Extract<Row, { kind: 'action' }> }) {
  const { t } = useTranslation();
  return (
    <>
      <Bolt fontSize="small" sx={{ color: 'text.secondary' }} />
      <span className="label">
        <Highlighted text={row.action.label} ranges={row.ranges} />
      </span>
      <span className="tag">{t('palette.actionTag')}</span>
    </>
  );
}
