import Add from '../../../shared/icons/Add';
import AllInbox from '../../../shared/icons/AllInbox';
import FolderOutlined from '../../../shared/icons/FolderOutlined';
import StarOutline from '../../../shared/icons/StarOutline';
import WorkspacePremium from '../../../shared/icons/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Category, LimitsRecord, TagSummary } from '@promptlib/proto';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { LibraryData } from '../hooks/useLibraryData';
import { TEMP_GENERAL_ID, type PromptFilter } from '../library.slice';
import { isGeneralKey } from '../prompt-selection';
import { CategoryList } from './CategoryList';
import { usePromptDropTarget } from './prompt-drag';
import { CountBadge } from './CountBadge';
import { TagsSection } from './TagsSection';

type Props = {
  data: LibraryData;
  limits: LimitsRecord | undefined;
  filter: PromptFilter;
  onFilter: (filter: PromptFilter) => void;
  /** The tag the list is narrowed to besides the filter, if any. */
  tag: string | null;
  onTag: (tag: string | null) => void;
  onRenameTag: (tag: TagSummary) => void;
  onDeleteTag: (tag: TagSummary) => void;
  onNewPrompt: () => void;
  onAddCategory: () => void;
  onRenameCategory: (category: Category) => void;
  onDeleteCategory: (category: Category) => void;
  /** A prompt dropped onto a category (General or the user's own) from its card. */
  onDropPrompt?: (categoryId: number, promptId: number) => void;
};

function Entry(props: {
  icon: ReactNode;
  label: ReactNode;
  count: number;
  selected: boolean;
  onClick: () => void;
  onDropPrompt?: (promptId: number) => void;
}) {
  const { overSx, dropTarget } = usePromptDropTarget(props.onDropPrompt);
  return (
    <ListItemButton
      selected={props.selected}
      onClick={props.onClick}
      {...dropTarget}
      sx={{ borderRadius: 1, ...overSx }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>{props.icon}</ListItemIcon>
      <ListItemText primary={props.label} />
      <CountBadge count={props.count} />
    </ListItemButton>
  );
}

export const Sidebar = memo(function Sidebar({
  data,
  limits,
  filter,
  onFilter,
  tag,
  onTag,
  onRenameTag,
  onDeleteTag,
  onNewPrompt,
  onAddCategory,
  onRenameCategory,
  onDeleteCategory,
  onDropPrompt,
}: Props) {
  const { t } = useTranslation();
  const { general, ownCategories, counts } = data;
  const generalKey = general?.id ?? TEMP_GENERAL_ID;
  const selectedCategory = filter.kind === 'category' ? filter.categoryId : null;
  const canAddCategory = limits !== undefined && (limits.isPro || limits.categories.canCreate);

  return (
    <Box
      component="nav"
      aria-label={t('library.sidebar.label')}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Button
        id="new-prompt-button"
        variant="contained"
        size="large"
        startIcon={<Add />}
        disabled={limits === undefined}
        onClick={onNewPrompt}
      >
        {t('library.newPrompt')}
      </Button>

      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1, mb: 0.5 }}>
          <Typography component="h2" variant="overline" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {t('library.categories.title')}
          </Typography>
          {limits !== undefined && !canAddCategory ? (
            <Tooltip title={t('library.categories.upgradeHint')}>
              <IconButton
                size="small"
                component={RouterLink}
                to="/subscribe"
                aria-label={t('library.categories.upgradeHint')}
                color="secondary"
              >
                <WorkspacePremium fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t('library.categories.add')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('library.categories.add')}
                  disabled={!canAddCategory}
                  onClick={onAddCategory}
                >
                  <Add fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
        <List dense disablePadding component="div">
          <Entry
            icon={<AllInbox fontSize="small" />}
            label={t('library.filters.all')}
            count={counts.all}
            selected={filter.kind === 'all'}
            onClick={() => onFilter({ kind: 'all' })}
          />
          <Entry
            icon={<StarOutline fontSize="small" />}
            label={t('library.filters.favorites')}
            count={counts.favorites}
            selected={filter.kind === 'favorites'}
            onClick={() => onFilter({ kind: 'favorites' })}
          />
          <Entry
            icon={<FolderOutlined fontSize="small" />}
            label={
              <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                <span>{t('library.filters.general')}</span>
                <Chip
                  component="span"
                  label={t('library.categories.default')}
                  size="small"
                  variant="outlined"
                  sx={{ height: 20 }}
                />
              </Stack>
            }
            count={counts.general}
            selected={selectedCategory !== null && isGeneralKey(selectedCategory, general)}
            onClick={() => onFilter({ kind: 'category', categoryId: generalKey })}
            onDropPrompt={
              general && onDropPrompt ? (promptId) => onDropPrompt(general.id, promptId) : undefined
            }
          />
          <CategoryList
            categories={ownCategories}
            counts={counts.byCategory}
            selectedId={typeof selectedCategory === 'number' ? selectedCategory : null}
            onSelect={(category) => onFilter({ kind: 'category', categoryId: category.id })}
            onRename={onRenameCategory}
            onDelete={onDeleteCategory}
            onDropPrompt={onDropPrompt}
          />
        </List>
      </Box>

      <TagsSection activeTag={tag} onTag={onTag} onRename={onRenameTag} onDelete={onDeleteTag} />

      {limits && !limits.isPro ? (
        <Box sx={{ px: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('library.usage', { used: limits.prompts.used, limit: limits.prompts.limit })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (limits.prompts.used / Math.max(1, limits.prompts.limit)) * 100)}
            aria-label={t('library.usage', { used: limits.prompts.used, limit: limits.prompts.limit })}
          />
        </Box>
      ) : null}
    </Box>
  );
});
