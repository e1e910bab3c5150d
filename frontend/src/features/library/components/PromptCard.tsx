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
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import type { PromptCard as PromptCardData } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopiedFlag } from '../../../shared/hooks/useCopiedFlag';
import { useNotify } from '../../../shared/hooks/useNotify';
import { OpenInMenu } from '../../templates/components/OpenInMenu';
import { TemplateText } from '../../templates/components/TemplateText';
import { parseTemplate } from '@promptlib/proto';
import { useIncludeTitles } from '../hooks/useIncludeTitles';
import { usePromptActions } from '../hooks/usePromptActions';
import { promptDragSource } from './prompt-drag';
import { CardRoot, cardClass } from './prompt-card.styles';
import { cardLabels, type NamedLabel } from './prompt-card-labels';
import { useToggleFavoriteMutation } from '../library.api';

// The favourite button rests for 1 s after each use.
const FAVORITE_LOCK_MS = 1_000;

export { PROMPT_CARD_HEIGHT, PROMPT_ROW_HEIGHT, ROW_GAP } from './prompt-card.styles';
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
  const { t, i18n } = useTranslation();
  const labels = useMemo(() => cardLabels(t), [t, i18n.resolvedLanguage]);
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

  const favoriteLabel = prompt.isFavorite === 1 ? labels.favoriteRemove : labels.favoriteAdd;

  // Plain elements with the classes `CardRoot` styles (see prompt-card.styles): a list renders many
  // cards on every search, and the component library's buttons and chips cost much more each.
  const title = (
    <h3 id={`prompt-title-${prompt.id}`} className={cardClass.title}>
      {prompt.title}
    </h3>
  );
  const checkbox = selection ? (
    <Checkbox
      size="small"
      className={cardClass.checkbox}
      checked={selection.selected}
      onClick={(event) => selection.onToggle(prompt, event.shiftKey)}
      slotProps={{ input: { 'aria-label': labels.select(prompt.title) } }}
    />
  ) : null;
  const sharedMarker = shared ? (
    <span
      className={cardClass.shared}
      role="img"
      aria-label={labels.sharedMarker}
      title={labels.sharedMarker}
    >
      <LinkIcon fontSize="small" />
    </span>
  ) : null;
  const star = (
    <button
      type="button"
      className={
        prompt.isFavorite === 1 ? `${cardClass.iconButton} ${cardClass.favorite}` : cardClass.iconButton
      }
      title={favoriteLabel}
      aria-label={favoriteLabel}
      aria-pressed={prompt.isFavorite === 1}
      disabled={favoriteLocked}
      onClick={() => void favorite()}
    >
      {prompt.isFavorite === 1 ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
    </button>
  );
  // The preview opens the prompt whole, to read however long it is.
  const preview = (
    <button
      type="button"
      className={cardClass.preview}
      aria-label={labels.read(prompt.title)}
      onClick={() => onRead(prompt)}
    >
      <TemplateText template={template} includeTitle={includeTitle} />
    </button>
  );
  const copyButton = (
    <Button
      size="small"
      className={cardClass.copy}
      variant={copied ? 'contained' : 'outlined'}
      color={copied ? 'success' : 'primary'}
      startIcon={copied ? <Check /> : <ContentCopy />}
      onClick={() => actions.copy(prompt, showCopied)}
      aria-label={copied ? labels.copied : labels.copyNamed(prompt.title)}
    >
      {copied ? labels.copied : labels.copy}
    </Button>
  );
  const openIn = (
    <OpenInMenu
      label={labels.openIn}
      name={labels.openInNamed(prompt.title)}
      onPick={(assistant) => actions.openIn(prompt, assistant)}
    />
  );
  const meta = t('library.card.meta', { count: prompt.usageCount, category: categoryName });
  const hiddenTags = prompt.tags.length - TAGS_SHOWN;
  const tags =
    prompt.tags.length === 0 ? null : (
      <ul className={cardClass.tags} aria-label={labels.tags}>
        {prompt.tags.slice(0, TAGS_SHOWN).map((tag) => {
          const active = activeTag !== null && sameTag(tag, activeTag);
          return (
            <li className={cardClass.tag} key={tag}>
              <button
                type="button"
                className={active ? `${cardClass.tagButton} ${cardClass.tagActive}` : cardClass.tagButton}
                title={tag}
                aria-label={labels.filterByTag(tag)}
                aria-pressed={active}
                onClick={() => onTag(active ? null : tag)}
              >
                {tag}
              </button>
            </li>
          );
        })}
        {hiddenTags > 0 ? (
          <li
            className={cardClass.moreTags}
            aria-label={t('library.tags.more', { count: hiddenTags })}
            title={prompt.tags.slice(TAGS_SHOWN).join(', ')}
          >
            +{hiddenTags}
          </li>
        ) : null}
      </ul>
    );
  const metaLine = (
    <span className={tags && dense ? `${cardClass.meta} ${cardClass.metaBesideTags}` : cardClass.meta}>
      {meta}
    </span>
  );
  // Native titles, not tooltips: cards are rendered often, and their buttons already have names.
  const itemActions: [
    label: string,
    name: NamedLabel,
    act: (prompt: PromptCardData) => void,
    icon: ReactNode,
  ][] = [
    [labels.edit, labels.editNamed, onEdit, <EditOutlined fontSize="small" />],
    [labels.history, labels.historyNamed, onHistory, <History fontSize="small" />],
    [labels.share, labels.shareNamed, onShare, <ShareOutlined fontSize="small" />],
    [labels.duplicate, labels.duplicateNamed, onDuplicate, <LibraryAdd fontSize="small" />],
    [labels.delete, labels.deleteNamed, onDelete, <DeleteOutline fontSize="small" />],
  ];
  const itemButtons = itemActions.map(([label, name, act, icon]) => (
    <button
      key={label}
      type="button"
      className={cardClass.iconButton}
      title={label}
      aria-label={name(prompt.title)}
      onClick={() => act(prompt)}
    >
      {icon}
    </button>
  ));
  const rootClass = [dense ? cardClass.dense : '', selection?.selected ? cardClass.selected : '']
    .filter(Boolean)
    .join(' ');
  const article = {
    component: 'article' as const,
    variant: 'outlined' as const,
    className: rootClass || undefined,
    'aria-labelledby': `prompt-title-${prompt.id}`,
    // Focused by the page after a delete (the card that took the deleted one's place), never by Tab.
    tabIndex: -1,
    ...promptDragSource(prompt.id),
  };

  if (dense) {
    return (
      <CardRoot {...article}>
        <div className={cardClass.main}>
          <div className={cardClass.head}>
            {checkbox}
            {title}
            {sharedMarker}
          </div>
          {preview}
          <div className={cardClass.metaRow}>
            {metaLine}
            {tags}
          </div>
        </div>
        <div className={cardClass.actions}>
          {copyButton}
          {openIn}
          <span className={cardClass.spacer} />
          {star}
          {itemButtons}
        </div>
        {actions.dialog}
      </CardRoot>
    );
  }

  return (
    <CardRoot {...article}>
      <div className={cardClass.head}>
        {checkbox}
        {title}
        {sharedMarker}
        {star}
      </div>
      {preview}
      {tags}
      <div className={cardClass.actions}>
        {copyButton}
        {openIn}
        {metaLine}
        <div className={cardClass.itemButtons}>{itemButtons}</div>
      </div>
      {actions.dialog}
    </CardRoot>
  );
});
