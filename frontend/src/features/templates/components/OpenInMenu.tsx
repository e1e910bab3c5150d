import OpenInNew from '../../../shared/icons/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assistants, type Assistant } from '../assistants';

type Props = {
  /** The prompt's title, for the button's accessible name. */
  title: string;
  onPick: (assistant: Assistant) => void;
};

/** 'Open in …': a button and the menu of assistants (assistants.json). Links nowhere until picked. */
export function OpenInMenu({ title, onPick }: Props) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        title={t('templates.openIn.button')}
        aria-label={t('templates.openIn.buttonNamed', { title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <OpenInNew fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {assistants.map((assistant) => (
          <MenuItem
            key={assistant.id}
            onClick={() => {
              setAnchor(null);
              onPick(assistant);
            }}
          >
            {assistant.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
