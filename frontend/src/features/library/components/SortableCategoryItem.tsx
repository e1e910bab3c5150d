import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import DragIndicator from '../../../shared/icons/DragIndicator';
import EditOutlined from '../../../shared/icons/EditOutlined';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Category } from '@promptlib/proto';
import { useTranslation } from 'react-i18next';
import { CountBadge } from './CountBadge';
import { usePromptDropTarget } from './prompt-drag';

type Props = {
  category: Category;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
  onDropPrompt?: (promptId: number) => void;
};

/**
 * One of the user's own categories: select it, drag it by its handle (mouse or keyboard), rename
 * or delete it.
 */
export function SortableCategoryItem({
  category,
  count,
  selected,
  onSelect,
  onRename,
  onDelete,
  onDropPrompt,
}: Props) {
  const { overSx, dropTarget } = usePromptDropTarget(onDropPrompt);
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: category.id,
    });
  return (
    <ListItem
      ref={setNodeRef}
      component="div"
      disablePadding
      secondaryAction={
        <>
          <IconButton
            size="small"
            aria-label={t('library.categories.renameButton', { name: category.name })}
            onClick={onRename}
          >
            <EditOutlined fontSize="small" />
          </IconButton>
          <IconButton
            edge="end"
            size="small"
            aria-label={t('library.categories.deleteButton', { name: category.name })}
            onClick={onDelete}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </>
      }
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : 1,
        bgcolor: isDragging ? 'action.hover' : undefined,
        borderRadius: 1,
        // Room for both buttons, where the list item's own rule leaves room for one.
        '& > .MuiListItemButton-root': { pr: 9.5 },
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={t('library.categories.dragHandle', { name: category.name })}
        sx={{ cursor: 'grab', touchAction: 'none', ml: 0.5 }}
        {...attributes}
        {...listeners}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <ListItemButton
        selected={selected}
        onClick={onSelect}
        {...dropTarget}
        sx={{ pl: 0.5, borderRadius: 1, ...overSx }}
      >
        <ListItemText primary={category.name} slotProps={{ primary: { noWrap: true } }} />
        <CountBadge count={count} />
      </ListItemButton>
    </ListItem>
  );
}
