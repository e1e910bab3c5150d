import LocalOfferOutlined from '../../../shared/icons/LocalOfferOutlined';
import MoreVert from '../../../shared/icons/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TagSummary } from '@promptlib/proto';
import { sameTag } from '@promptlib/proto';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetTagsQuery } from '../library.api';
import { CountBadge } from './CountBadge';

// More tags than this are folded away behind "Show all", so the categories stay in reach.
const TAGS_FOLDED = 12;

type Props = {
  /** The tag the list is narrowed to, if any. */
  activeTag: string | null;
  /** Narrows the list to a tag, or (null) stops. */
  onTag: (tag: string | null) => void;
  onRename: (tag: TagSummary) => void;
  onDelete: (tag: TagSummary) => void;
};

/**
 * The user's tags A–Z with how many prompts carry each. Choosing one narrows whatever list is shown
 * (a category, the favourites, a search) to it; choosing it again, or Clear, stops. Each tag's menu
 * renames or deletes it on every prompt.
 */
export function TagsSection({ activeTag, onTag, onRename, onDelete }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: tags } = useGetTagsQuery();
  const [unfolded, setUnfolded] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; tag: TagSummary } | null>(null);
  if (!tags) return null;

  const folded = !unfolded && tags.length > TAGS_FOLDED;
  // Folded away, the active tag still shows: it says what the list is narrowed to.
  const shown = folded
    ? tags.filter((tag, index) => index < TAGS_FOLDED || (activeTag !== null && sameTag(tag.name, activeTag)))
    : tags;

  const act = (action: (tag: TagSummary) => void) => {
    if (!menu) return;
    setMenu(null);
    action(menu.tag);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1, mb: 0.5 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="overline"
          sx={{ fontWeight: 700, color: 'text.secondary' }}
        >
          {t('library.tags.title')}
        </Typography>
        {activeTag !== null ? (
          <Button size="small" onClick={() => onTag(null)} sx={{ minWidth: 0 }}>
            {t('library.tags.clear')}
          </Button>
        ) : null}
      </Stack>
      {tags.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 1 }}>
          {t('library.tags.empty')}
        </Typography>
      ) : (
        <List dense disablePadding component="div">
          {shown.map((tag) => {
            const active = activeTag !== null && sameTag(tag.name, activeTag);
            return (
              <ListItem
                key={tag.name}
                component="div"
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('library.tags.menu', { tag: tag.name })}
                    aria-haspopup="menu"
                    onClick={(event) => setMenu({ anchor: event.currentTarget, tag })}
                  >
                    <MoreVert fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={active}
                  aria-pressed={active}
                  onClick={() => onTag(active ? null : tag.name)}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <LocalOfferOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={tag.name}
                    slotProps={{ primary: { noWrap: true, title: tag.name } }}
                  />
                  <CountBadge count={tag.count} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      {tags.length > TAGS_FOLDED ? (
        <Button size="small" onClick={() => setUnfolded(!unfolded)} sx={{ ml: 0.5 }}>
          {unfolded ? t('library.tags.fewer') : t('library.tags.all', { count: tags.length })}
        </Button>
      ) : null}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => act(onRename)}>{t('library.tags.rename')}</MenuItem>
        <MenuItem onClick={() => act(onDelete)}>{t('library.tags.delete')}</MenuItem>
      </Menu>
    </Box>
  );
}
