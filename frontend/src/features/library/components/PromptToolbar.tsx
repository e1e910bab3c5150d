import FilterList from '../../../shared/icons/FilterList';
import GridView from '../../../shared/icons/GridView';
import ViewList from '../../../shared/icons/ViewList';
import Checklist from '../../../shared/icons/Checklist';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptSort, PromptView } from '../library.slice';

type Props = {
  heading: string;
  /** The tag the list is narrowed to, and how to stop; shown beside the heading. */
  tag?: { name: string; onClear: () => void };
  /** How many prompts the list holds, null while unknown; `shownAtLeast`: at least that many. */
  shown: number | null;
  shownAtLeast?: boolean;
  sort: PromptSort;
  view: PromptView;
  onSort: (sort: PromptSort) => void;
  /** The sort menu opened: a moment to ask for the other orders ahead of the choice. */
  onSortMenuOpen?: () => void;
  onView: (view: PromptView) => void;
  onOpenCategories?: () => void;
  /** Turns the cards' checkboxes on, to move or delete many; absent while they are on or with no card. */
  onSelect?: () => void;
};

export const PromptToolbar = memo(function PromptToolbar({
  heading,
  tag,
  shown,
  shownAtLeast = false,
  sort,
  view,
  onSort,
  onSortMenuOpen,
  onView,
  onOpenCategories,
  onSelect,
}: Props) {
  const { t } = useTranslation();
  const sortId = useId();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      {onOpenCategories ? (
        <IconButton aria-label={t('library.sidebar.open')} onClick={onOpenCategories}>
          <FilterList />
        </IconButton>
      ) : null}
      <Typography
        component="h1"
        variant="h5"
        // Focused by the page when the last card of the list is deleted, never by Tab.
        tabIndex={-1}
        sx={{ fontWeight: 800, flexGrow: 1, minWidth: 0, '&:focus:not(:focus-visible)': { outline: 'none' } }}
        noWrap
      >
        {heading}
        {shown === null ? null : (
          <Typography component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: 14 }}>
            {shownAtLeast
              ? t('library.shownAtLeast', { count: shown })
              : t('library.shown', { count: shown })}
          </Typography>
        )}
      </Typography>
      {tag ? (
        <Chip
          color="primary"
          variant="outlined"
          label={t('library.tags.active', { tag: tag.name })}
          title={t('library.tags.clear')}
          aria-label={t('library.tags.clearNamed', { tag: tag.name })}
          onClick={tag.onClear}
          onDelete={tag.onClear}
          sx={{ maxWidth: { xs: '100%', sm: 240 } }}
        />
      ) : null}
      {onSelect ? (
        <Button
          size="small"
          startIcon={<Checklist />}
          onClick={onSelect}
          title={t('library.selection.startLabel')}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('library.selection.start')}
        </Button>
      ) : null}
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id={sortId}>{t('library.sort.label')}</InputLabel>
        <Select
          labelId={sortId}
          label={t('library.sort.label')}
          value={sort}
          onChange={(event) => onSort(event.target.value as PromptSort)}
          onOpen={onSortMenuOpen}
        >
          <MenuItem value="recent">{t('library.sort.recent')}</MenuItem>
          <MenuItem value="name">{t('library.sort.name')}</MenuItem>
          <MenuItem value="used">{t('library.sort.used')}</MenuItem>
          <MenuItem value="lastUsed">{t('library.sort.lastUsed')}</MenuItem>
        </Select>
      </FormControl>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: PromptView | null) => next && onView(next)}
        aria-label={t('library.view.label')}
      >
        <ToggleButton value="grid" aria-label={t('library.view.grid')}>
          <GridView fontSize="small" />
        </ToggleButton>
        <ToggleButton value="list" aria-label={t('library.view.list')}>
          <ViewList fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
});
