import OpenInNew from '../../../shared/icons/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { assistants, type Assistant } from '../assistants';

type Props = {
  /** The button's title, "Open in …", in the user's language. */
  label: string;
  /** The button's accessible name, which names the prompt: 'Open "Weekly summary" in …'. */
  name: string;
  onPick: (assistant: Assistant) => void;
};

/**
 * 'Open in …': a button and the menu of assistants (assistants.json). Links nowhere until picked.
 * The caller translates the labels: a card keeps them, translated once, across its renders. The
 * menu is built the first time it opens (then kept, so it can close with its transition): every
 * card in view has this button, and a closed menu cost most of the button's render.
 */
export function OpenInMenu({ label, name, onPick }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        title={label}
        aria-label={name}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <OpenInNew fontSize="small" />
      </IconButton>
      {opened ? (
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
      ) : null}
    </>
  );
}
