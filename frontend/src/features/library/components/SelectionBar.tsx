import DeleteOutline from '../../../shared/icons/DeleteOutline';
import DriveFileMove from '../../../shared/icons/DriveFileMove';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Category } from '@promptlib/proto';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptMultiSelect } from '../hooks/usePromptMultiSelect';

type Props = {
  selection: PromptMultiSelect;
  /** Where the prompts may go: General and the user's own categories, in the sidebar's order. */
  categories: Category[];
  categoryName: (categoryId: number | null) => string;
};

/** Above the list while prompts are being selected: how many, and what can be done with them. */
export function SelectionBar({ selection, categories, categoryName }: Props) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const none = selection.count === 0;
  return (
    <Paper
      role="toolbar"
      aria-label={t('library.selection.barLabel')}
      variant="outlined"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        mb: 2,
        px: 1.5,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Typography role="status" sx={{ fontWeight: 700, mr: 'auto', whiteSpace: 'nowrap' }}>
        {t('library.selection.count', { count: selection.count })}
      </Typography>
      <Button size="small" onClick={selection.selectAll}>
        {t('library.selection.selectAll')}
      </Button>
      <Button size="small" onClick={selection.clear} disabled={none}>
        {t('library.selection.clear')}
      </Button>
      {/* One category (a free account's General) leaves nowhere to move to. */}
      {categories.length > 1 ? (
        <>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DriveFileMove />}
            disabled={none || selection.moving}
            aria-label={t('library.selection.moveLabel')}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            {t('library.selection.move')}
          </Button>
          <Menu
            id={menuId}
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            {categories.map((category) => (
              <MenuItem
                key={category.id}
                onClick={() => {
                  setMenuAnchor(null);
                  selection.moveTo(category);
                }}
              >
                {categoryName(category.id)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteOutline />}
        disabled={none}
        onClick={selection.askDelete}
      >
        {t('library.selection.delete')}
      </Button>
      <Button size="small" variant="contained" onClick={selection.finish}>
        {t('library.selection.done')}
      </Button>
    </Paper>
  );
}
