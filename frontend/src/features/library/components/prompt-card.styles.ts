import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';

/** The card's own height, so the virtualised list can lay out thousands without measuring each. */
export const PROMPT_CARD_HEIGHT = 262;
/** A row of the list view, by whether its buttons share the row (wide screens) or take a line below. */
export const PROMPT_ROW_HEIGHT = { wide: 92, narrow: 132 } as const;
/** The space between two rows of the list view. */
export const ROW_GAP = 8;

// Narrower than this, a card's buttons leave no room for its uses and category beside them.
const NARROW_CARD = '@container (max-width: 440px)';

/**
 * The class names of a card's parts. A list renders a dozen cards or more on every search, sort and
 * scroll: plain elements styled from the card's root, once per card, cost a fraction of a component
 * library's button, chip and layout components each styling themselves (about ten buttons a card).
 */
export const cardClass = {
  dense: 'prompt-card--dense',
  selected: 'prompt-card--selected',
  head: 'prompt-card__head',
  title: 'prompt-card__title',
  shared: 'prompt-card__shared',
  iconButton: 'prompt-card__icon-button',
  favorite: 'prompt-card__icon-button--favorite',
  preview: 'prompt-card__preview',
  tags: 'prompt-card__tags',
  tag: 'prompt-card__tag',
  tagButton: 'prompt-card__tag-button',
  tagActive: 'prompt-card__tag-button--active',
  moreTags: 'prompt-card__more-tags',
  main: 'prompt-card__main',
  metaRow: 'prompt-card__meta-row',
  meta: 'prompt-card__meta',
  metaBesideTags: 'prompt-card__meta--beside-tags',
  actions: 'prompt-card__actions',
  itemButtons: 'prompt-card__item-buttons',
  spacer: 'prompt-card__spacer',
  copy: 'prompt-card__copy',
  checkbox: 'prompt-card__checkbox',
} as const;

const c = (name: keyof typeof cardClass) => `& .${cardClass[name]}`;
const dense = `&.${cardClass.dense}`;

/** The card (a grid's card, or with `cardClass.dense` a row of the list view) and all its parts. */
export const CardRoot = styled(Paper)(({ theme }) => {
  const focusRing = { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 };
  // What MUI's ButtonBase resets on a native button, without its per-instance machinery.
  const plainButton = {
    border: 0,
    margin: 0,
    padding: 0,
    background: 'transparent',
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    WebkitTapHighlightColor: 'transparent',
    '&:focus': { outline: 0 },
    '&:focus-visible': focusRing,
  };
  const chipBorder = theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700];
  return {
    padding: theme.spacing(2),
    height: PROMPT_CARD_HEIGHT - 16,
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(1),
    '&:focus:not(:focus-visible)': { outline: 'none' },
    // The buttons' row is laid out by the card's own width (two or three cards side by side are
    // narrower than the screen suggests).
    containerType: 'inline-size',
    [`&.${cardClass.selected}`]: {
      borderColor: theme.palette.primary.main,
      backgroundColor: theme.palette.action.selected,
    },

    [c('head')]: { display: 'flex', alignItems: 'flex-start', gap: theme.spacing(1), minWidth: 0 },
    [c('title')]: {
      ...theme.typography.subtitle1,
      margin: 0,
      fontWeight: 700,
      flexGrow: 1,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      overflowWrap: 'anywhere',
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
    },
    [c('shared')]: { display: 'inline-flex', padding: 5, color: theme.palette.primary.main },
    [c('iconButton')]: {
      ...plainButton,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: '0 0 auto',
      padding: 5,
      borderRadius: '50%',
      color: theme.palette.action.active,
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
      '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', pointerEvents: 'none' },
    },
    [c('favorite')]: { color: theme.palette.warning.main },
    // The preview opens the prompt whole, to read however long it is.
    [c('preview')]: {
      ...plainButton,
      display: 'block',
      width: '100%',
      textAlign: 'start',
      borderRadius: theme.shape.borderRadius,
      overflow: 'hidden',
      overflowWrap: 'anywhere',
      color: theme.palette.text.secondary,
      fontSize: 14,
      '&:hover': { color: theme.palette.text.primary },
      maxHeight: 150,
      flexGrow: 1,
      whiteSpace: 'pre-wrap',
      maskImage: 'linear-gradient(to bottom, black 75%, transparent)',
    },
    // Beside the list view's uses the tags give way; in a card they keep their line.
    [c('tags')]: {
      display: 'flex',
      margin: 0,
      padding: 0,
      listStyle: 'none',
      gap: theme.spacing(0.5),
      minWidth: 0,
      alignItems: 'center',
      flexShrink: 0,
    },
    [c('tag')]: {
      minWidth: 0,
      maxWidth: 120,
      display: 'flex',
      [theme.breakpoints.up('sm')]: { maxWidth: 160 },
    },
    [c('tagButton')]: {
      ...plainButton,
      height: 20,
      maxWidth: '100%',
      minWidth: 0,
      padding: '0 7px',
      borderRadius: 16,
      border: `1px solid ${chipBorder}`,
      color: theme.palette.text.primary,
      fontSize: 12,
      lineHeight: '18px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': { backgroundColor: theme.palette.action.hover },
    },
    [c('tagActive')]: {
      borderColor: theme.palette.primary.main,
      backgroundColor: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
      '&:hover': { backgroundColor: theme.palette.primary.dark },
    },
    [c('moreTags')]: { flexShrink: 0, fontSize: 12, color: theme.palette.text.secondary },
    [c('meta')]: {
      ...theme.typography.caption,
      display: 'block',
      color: theme.palette.text.secondary,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      minWidth: 0,
    },
    // On a phone, or in a narrow card, the uses and category take a line of their own, above the
    // buttons, not a few letters between them; the buttons wrap rather than leave the card.
    [c('actions')]: {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      flexWrap: 'wrap',
      [theme.breakpoints.up('sm')]: { flexWrap: 'nowrap' },
      [NARROW_CARD]: { flexWrap: 'wrap' },
      [`& .${cardClass.meta}`]: {
        flexGrow: 1,
        flexBasis: '100%',
        order: -1,
        [theme.breakpoints.up('sm')]: { flexBasis: 0, order: 0 },
        [NARROW_CARD]: { flexBasis: '100%', order: -1 },
      },
    },
    [c('itemButtons')]: { marginLeft: 'auto', display: 'flex' },
    [c('copy')]: { whiteSpace: 'nowrap', flexShrink: 0 },
    [c('checkbox')]: { padding: 5, marginLeft: -5 },

    // The list view: a row per prompt, its title and the first line of its text beside the
    // buttons; on a phone the buttons take a line of their own below.
    [dense]: {
      padding: theme.spacing(1, 2),
      height: PROMPT_ROW_HEIGHT.narrow - ROW_GAP,
      flexDirection: 'row',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: 0,
      columnGap: theme.spacing(2),
      containerType: 'normal',
      [theme.breakpoints.up('md')]: { height: PROMPT_ROW_HEIGHT.wide - ROW_GAP, flexWrap: 'nowrap' },
      [c('main')]: { flex: '1 1 0', minWidth: 0 },
      [c('head')]: { alignItems: 'center', gap: theme.spacing(0.5) },
      [c('title')]: { display: 'block', whiteSpace: 'nowrap' },
      [c('preview')]: {
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        maxHeight: 'none',
        flexGrow: 0,
        maskImage: 'none',
      },
      [c('metaRow')]: { display: 'flex', alignItems: 'center', gap: theme.spacing(1), minWidth: 0 },
      [c('metaBesideTags')]: { maxWidth: '50%' },
      [c('tags')]: { flexShrink: 1 },
      [c('actions')]: {
        gap: theme.spacing(0.5),
        flexWrap: 'nowrap',
        flexBasis: '100%',
        flexShrink: 0,
        [theme.breakpoints.up('md')]: { flexBasis: 'auto' },
      },
      [c('spacer')]: { flexGrow: 1 },
    },
  };
});
