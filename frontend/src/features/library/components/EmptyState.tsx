import Add from '../../../shared/icons/Add';
import Inventory2Outlined from '../../../shared/icons/Inventory2Outlined';
import SearchOff from '../../../shared/icons/SearchOff';
import ViewList from '../../../shared/icons/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../shared/components/BusyButton';

/** Why the list is empty: no prompt at all, none in a category, no favourite, or no match. */
export type EmptyList =
  | { kind: 'none' }
  | { kind: 'category'; name: string }
  | { kind: 'favorites' }
  | { kind: 'tag'; tag: string }
  | { kind: 'search'; search: string };

type Props = {
  list: EmptyList;
  onCreate: () => void;
  onShowAll: () => void;
  onClearSearch: () => void;
  onClearTag: () => void;
  /** For an account with no prompt at all: examples to start from, and the two things to know. */
  firstRun?: { onAddExamples: () => void; adding: boolean };
};

/**
 * 'No prompts found', and the way on that fits why: a new prompt where there is none (in the
 * library or in a category), every prompt where no favourite is marked yet, and the whole list
 * again where a search or a tag found nothing. Creating is no answer to the last three: the
 * prompts exist.
 */
export function EmptyState({ list, onCreate, onShowAll, onClearSearch, onClearTag, firstRun }: Props) {
  const { t } = useTranslation();
  const reason =
    list.kind === 'search'
      ? t('library.empty.noMatch', { search: list.search })
      : list.kind === 'tag'
        ? t('library.empty.tagged', { tag: list.tag })
        : list.kind === 'favorites'
          ? t('library.empty.favorites')
          : list.kind === 'category'
            ? t('library.empty.inCategory', { category: list.name })
            : t('library.empty.none');
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Inventory2Outlined sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 1 }}>
        {t('library.empty.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{reason}</Typography>
      {list.kind === 'search' ? (
        <Button variant="contained" startIcon={<SearchOff />} onClick={onClearSearch}>
          {t('library.empty.clearSearch')}
        </Button>
      ) : list.kind === 'tag' ? (
        <Button variant="contained" onClick={onClearTag}>
          {t('library.tags.clear')}
        </Button>
      ) : list.kind === 'favorites' ? (
        <Button variant="contained" startIcon={<ViewList />} onClick={onShowAll}>
          {t('library.empty.showAll')}
        </Button>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center', alignItems: 'center' }}
        >
          <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
            {t('library.empty.create')}
          </Button>
          {firstRun ? (
            <BusyButton
              variant="outlined"
              busy={firstRun.adding}
              busyLabel={t('library.firstRun.adding')}
              onClick={firstRun.onAddExamples}
            >
              {t('library.firstRun.addExamples')}
            </BusyButton>
          ) : null}
        </Stack>
      )}
      {firstRun ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3, maxWidth: 520, mx: 'auto' }}>
          {t('library.firstRun.tip', { blank: '{{name}}' })}
        </Typography>
      ) : null}
    </Box>
  );
}
