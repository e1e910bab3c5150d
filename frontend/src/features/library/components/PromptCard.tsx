import Check from '../../../shared/icons/Check';
import ContentCopy from '../../../shared/icons/ContentCopy';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import History from '../../../shared/icons/History';
import LibraryAdd from '../../../shared/icons/LibraryAdd';
import LinkIcon from '../../../shared/icons/Link';
import ShareOutlined from '../../../shared/icons/ShareOutlined';
import Star from '../../../shared/icons/Star';
import StarBorder from '../../../shared/icons/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromptCard as PromptCardData } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useNotify } from '../../../shared/hooks/useNotify';
import { OpenInMenu } from '../../templates/components/OpenInMenu';
import { TemplateText } from '../../templates/components/TemplateText';
import { parseTemplate } from '@promptlib/proto';
import { useIncludeTitles } from '../hooks/useIncludeTitles';
import { usePromptActions } from '../hooks/usePromptActions';
import { promptDragSource } from './prompt-drag';
import { useToggleFavoriteMutation } from '../library.api';

// The favourite button rests for 1 s after each use.
const FAVORITE_LOCK_MS = 1_000;

// Narrower than this, a card's buttons leave no room for its uses and category beside them.
const NARROW_CARD = '@container (max-width: 440px)';

/** The card's own height, so the virtualised list can lay out thousands without measuring each. */
export const PROMPT_CARD_HEIGHT = 262;
/** A row of the list view, by whether its buttons share the row (wide screens) or take a line below. */
export const PROMPT_ROW_HEIGHT = { wide: 92, narrow: 132 } as const;
/** The space between two rows of the list view. */
export const ROW_GAP = 8;
// A card shows its first few tags, each cut short as the card's width needs, and how many more it has.
const TAGS_SHOWN = 3;

type Props = {
  /** The card as the list holds it: the start of the content, the whole read when needed. */
  prompt: PromptCardData;
  categoryName: string;
  /** Whether the prompt has a live public link. */
  shared: boolean;
  onRead: (prompt: PromptCardData) => void;
  onEdit: (prompt: PromptCardData) => void;
  /** Opens the prompt's versions, to compare and restore. */
  onHistory: (prompt: PromptCardData) => void;
  onShare: (prompt: PromptCardData) => void;
  onDuplicate: (prompt: PromptCardData) => void;
  onDelete: (prompt: PromptCardData) => void;
  /** Narrows the list to one of the prompt's tags, or (null) lets the tag it is narrowed to go. */
  onTag: (tag: string | null) => void;
  /** The tag the list is narrowed to, pressed on the cards that carry it. */
  activeTag?: string | null;
  /** The list view's row instead of the grid's card. */
  dense?: boolean;
  /** While prompts are being selected: whether this one is, and its checkbox's click (Shift for a range). */
  selection?: { selected: boolean; onToggle: (prompt: PromptCardData, range: boolean) => void };
};

export const PromptCard = memo(function PromptCard({
  prompt,
  categoryName,
  shared,
  onRead,
  onEdit,
  onHistory,
  onShare,
  onDuplicate,
  onDelete,
  onTag,
  activeTag = null,
  dense = false,
  selection,
}: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [toggleFavorite] = useToggleFavoriteMutation();
  const { copied, showCopied, clearCopied } = useCopiedFlag();
  const actions = usePromptActions();
  const template = useMemo(() => parseTemplate(prompt.preview), [prompt.preview]);
  const includeTitle = useIncludeTitles(template);
  const [favoriteLocked, setFavoriteLocked] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The card is reused for another prompt when the list changes: its passing states belong to the old one.
  useEffect(() => {
    clearCopied();
    setFavoriteLocked(false);
  }, [prompt.id, clearCopied]);
  const later = (action: () => void, ms: number) => timers.current.push(setTimeout(action, ms));

  const favorite = async () => {
    setFavoriteLocked(true);
    later(() => setFavoriteLocked(false), FAVORITE_LOCK_MS);
    const adding = prompt.isFavorite !== 1;
    try {
      await toggleFavorite(prompt).unwrap();
      const key = adding ? 'library.favorite.added' : 'library.favorite.removed';
      notify({ title: t(`${key}.title`), description: t(`${key}.description`), variant: 'success' });
    } catch {
      notify({
        title: t('library.favorite.failed.title'),
        description: t('library.favorite.failed.description'),
        variant: 'error',
      });
    }
  };

  const favoriteLabel = prompt.isFavorite === 1 ? t('library.favorite.remove') : t('library.favorite.add');

  const title = (
    <Typography
      id={`prompt-title-${prompt.id}`}
      component="h3"
      variant="subtitle1"
      sx={{
        fontWeight: 700,
        flexGrow: 1,
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        overflowWrap: 'anywhere',
        ...(dense
          ? { whiteSpace: 'nowrap' }
          : { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }),
      }}
    >
      {prompt.title}
    </Typography>
  );
  const checkbox = selection ? (
    <Checkbox
      size="small"
      checked={selection.selected}
      onClick={(event) => selection.onToggle(prompt, event.shiftKey)}
      slotProps={{ input: { 'aria-label': t('library.selection.checkbox', { title: prompt.title }) } }}
      sx={{ p: '5px', ml: '-5px' }}
    />
  ) : null;
  const sharedMarker = shared ? (
    <Box
      component="span"
      role="img"
      aria-label={t('library.share.marker')}
      title={t('library.share.marker')}
      sx={{ display: 'inline-flex', p: '5px', color: 'primary.main' }}
    >
      <LinkIcon fontSize="small" />
    </Box>
  ) : null;
  const star = (
    <IconButton
      size="small"
      title={favoriteLabel}
      aria-label={favoriteLabel}
      aria-pressed={prompt.isFavorite === 1}
      disabled={favoriteLocked}
      onClick={() => void favorite()}
      sx={{ color: prompt.isFavorite === 1 ? 'warning.main' : undefined }}
    >
      {prompt.isFavorite === 1 ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
    </IconButton>
  );
  // The preview opens the prompt whole, to read however long it is.
  const preview = (
    <ButtonBase
      aria-label={t('library.card.readNamed', { title: prompt.title })}
      onClick={() => onRead(prompt)}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        font: 'inherit',
        borderRadius: 1,
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        color: 'text.secondary',
        fontSize: 14,
        '&:hover': { color: 'text.primary' },
        ...(dense
          ? { whiteSpace: 'nowrap', textOverflow: 'ellipsis' }
          : {
              maxHeight: 150,
              flexGrow: 1,
              whiteSpace: 'pre-wrap',
              maskImage: 'linear-gradient(to bottom, black 75%, transparent)',
            }),
      }}
    >
      <TemplateText template={template} includeTitle={includeTitle} />
    </ButtonBase>
  );
  const copyButton = (
    <Button
      size="small"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      variant={copied ? 'contained' : 'outlined'}
      color={copied ? 'success' : 'primary'}
      startIcon={copied ? <Check /> : <ContentCopy />}
      onClick={() => actions.copy(prompt, showCopied)}
      aria-label={copied ? t('library.copy.copied') : t('library.copy.button', { title: prompt.title })}
    >
      {copied ? t('library.copy.copied') : t('library.copy.label')}
    </Button>
  );
  const openIn = (
    <OpenInMenu title={prompt.title} onPick={(assistant) => actions.openIn(prompt, assistant)} />
  );
  const meta = t('library.card.meta', { count: prompt.usageCount, category: categoryName });
  const hiddenTags = prompt.tags.length - TAGS_SHOWN;
  const tags =
    prompt.tags.length === 0 ? null : (
      <Stack
        component="ul"
        direction="row"
        aria-label={t('library.tags.onCard')}
        // Beside the list view's uses the tags give way; in a card they keep their line.
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          gap: 0.5,
          minWidth: 0,
          alignItems: 'center',
          flexShrink: dense ? 1 : 0,
        }}
      >
        {prompt.tags.slice(0, TAGS_SHOWN).map((tag) => {
          const active = activeTag !== null && sameTag(tag, activeTag);
          return (
            <Box
              component="li"
              key={tag}
              sx={{ minWidth: 0, maxWidth: { xs: 120, sm: 160 }, display: 'flex' }}
            >
              <Chip
                size="small"
                variant={active ? 'filled' : 'outlined'}
                color={active ? 'primary' : 'default'}
                label={tag}
                title={tag}
                aria-label={t('library.tags.filterBy', { tag })}
                aria-pressed={active}
                onClick={() => onTag(active ? null : tag)}
                sx={{ height: 20, fontSize: 12, maxWidth: '100%', minWidth: 0 }}
              />
            </Box>
          );
        })}
        {hiddenTags > 0 ? (
          <Box
            component="li"
            aria-label={t('library.tags.more', { count: hiddenTags })}
            title={prompt.tags.slice(TAGS_SHOWN).join(', ')}
            sx={{ flexShrink: 0, fontSize: 12, color: 'text.secondary' }}
          >
            +{hiddenTags}
          </Box>
        ) : null}
      </Stack>
    );
  // Native titles, not MUI tooltips: cards are rendered often, and their buttons already have names.
  const itemButtons = (
    <>
      <IconButton
        size="small"
        title={t('library.card.edit')}
        aria-label={t('library.card.editNamed', { title: prompt.title })}
        onClick={() => onEdit(prompt)}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('library.card.history')}
        aria-label={t('library.card.historyNamed', { title: prompt.title })}
        onClick={() => onHistory(prompt)}
      >
        <History fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('library.share.button')}
        aria-label={t('library.share.buttonNamed', { title: prompt.title })}
        onClick={() => onShare(prompt)}
      >
        <ShareOutlined fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('library.card.duplicate')}
        aria-label={t('library.card.duplicateNamed', { title: prompt.title })}
        onClick={() => onDuplicate(prompt)}
      >
        <LibraryAdd fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('library.card.delete')}
        aria-label={t('library.card.deleteNamed', { title: prompt.title })}
        onClick={() => onDelete(prompt)}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </>
  );
  const selectedSx = selection?.selected ? { borderColor: 'primary.main', bgcolor: 'action.selected' } : {};
  const article = {
    component: 'article' as const,
    variant: 'outlined' as const,
    'aria-labelledby': `prompt-title-${prompt.id}`,
    // Focused by the page after a delete (the card that took the deleted one's place), never by Tab.
    tabIndex: -1,
    ...promptDragSource(prompt.id),
  };

  if (dense) {
    // The list view: a row per prompt, its title and the first line of its text beside the
    // buttons; on a phone the buttons take a line of their own below.
    return (
      <Paper
        {...article}
        sx={{
          px: 2,
          py: 1,
          height: { xs: PROMPT_ROW_HEIGHT.narrow - ROW_GAP, md: PROMPT_ROW_HEIGHT.wide - ROW_GAP },
          display: 'flex',
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          alignItems: 'center',
          columnGap: 2,
          '&:focus:not(:focus-visible)': { outline: 'none' },
        }}
      >
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            {checkbox}
            {title}
            {sharedMarker}
          </Stack>
          {preview}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography
              variant="caption"
              noWrap
              // Beside tags, the uses and category keep half the line at most.
              sx={{ display: 'block', color: 'text.secondary', minWidth: 0, maxWidth: tags ? '50%' : 'none' }}
            >
              {meta}
            </Typography>
            {tags}
          </Stack>
        </Box>
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ alignItems: 'center', flexBasis: { xs: '100%', md: 'auto' }, flexShrink: 0 }}
        >
          {copyButton}
          {openIn}
          <Box sx={{ flexGrow: 1 }} />
          {star}
          {itemButtons}
        </Stack>
        {actions.dialog}
      </Paper>
    );
  }

  return (
    <Paper
      {...article}
      sx={{
        p: 2,
        height: PROMPT_CARD_HEIGHT - 16,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        '&:focus:not(:focus-visible)': { outline: 'none' },
        // The buttons' row is laid out by the card's own width (two or three cards side by side
        // are narrower than the screen suggests).
        containerType: 'inline-size',
        ...selectedSx,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        {checkbox}
        {title}
        {sharedMarker}
        {star}
      </Stack>
      {preview}
      {tags}
      {/* On a phone, or in a narrow card, the uses and category take a line of their own, above the
          buttons, not a few letters between them; the buttons wrap rather than leave the card. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{
          alignItems: 'center',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          [NARROW_CARD]: { flexWrap: 'wrap' },
        }}
      >
        {copyButton}
        {openIn}
        <Typography
          variant="caption"
          sx={{
            color: 'text.secondary',
            flexGrow: 1,
            flexBasis: { xs: '100%', sm: 0 },
            order: { xs: -1, sm: 0 },
            [NARROW_CARD]: { flexBasis: '100%', order: -1 },
          }}
          noWrap
        >
          {meta}
        </Typography>
        <Box sx={{ ml: 'auto', display: 'flex' }}>{itemButtons}</Box>
      </Stack>
      {actions.dialog}
    </Paper>
  );
});
