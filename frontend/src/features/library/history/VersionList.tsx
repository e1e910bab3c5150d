import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import type { PromptVersion } from '@promptlib/proto';
import { memo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../../shared/locale-format';

// The rows drawn at first, and added by each "show older": a thousand at once would be slow to open.
const ROWS_AT_ONCE = 100;

type Props = {
  /** Newest first; the first is the current version. */
  versions: PromptVersion[];
  selected: number | null;
  onSelect: (version: number) => void;
  /** Puts the keyboard on the selected row as the list appears (back from a comparison). */
  focusSelected: boolean;
};

/** How a version was made, as the list says it. */
export function sourceLabel(version: PromptVersion, t: TFunction): string {
  const first = version.version === 1;
  switch (version.source) {
    case 'app':
      return first ? t('library.history.source.appCreated') : t('library.history.source.app');
    case 'api':
      return first ? t('library.history.source.apiCreated') : t('library.history.source.api');
    case 'import':
      return t('library.history.source.import');
    case 'restore':
      return t('library.history.source.restore');
  }
}

type RowProps = {
  version: PromptVersion;
  current: boolean;
  selected: boolean;
  onSelect: (version: number) => void;
  /** What MenuList gives the row the keyboard lands on. */
  tabIndex?: number;
  autoFocus?: boolean;
};

// A row is drawn again only when it changes, not for each choice made in a list of a thousand.
const VersionRow = memo(function VersionRow({ version, current, selected, onSelect, ...focus }: RowProps) {
  const { t, i18n } = useTranslation();
  return (
    <MenuItem
      {...focus}
      role="option"
      aria-selected={selected}
      selected={selected}
      onClick={() => onSelect(version.version)}
      sx={{ display: 'block', py: 1, whiteSpace: 'normal', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('library.history.version', { version: version.version })}
        </Typography>
        {current ? (
          <Chip component="span" label={t('library.history.current')} size="small" color="primary" />
        ) : null}
      </Box>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        <time dateTime={version.createdAt}>{formatMoment(version.createdAt, i18n.resolvedLanguage)}</time>
        {' · '}
        {sourceLabel(version, t)}
      </Typography>
    </MenuItem>
  );
});

/**
 * The versions, one row each with its number, its time and how it was made: a list box to move
 * through with the arrow keys, Enter or a click choosing a version to compare.
 */
export const VersionList = memo(function VersionList({ versions, selected, onSelect, focusSelected }: Props) {
  const { t } = useTranslation();
  const selectedAt = versions.findIndex((version) => version.version === selected);
  const [rows, setRows] = useState(Math.max(ROWS_AT_ONCE, selectedAt + 1));
  const older = versions.length - rows;

  return (
    <Box>
      <MenuList
        role="listbox"
        aria-label={t('library.history.versions')}
        variant="selectedMenu"
        autoFocusItem={focusSelected}
        sx={{ py: 0 }}
      >
        {versions.slice(0, rows).map((version, index) => (
          <VersionRow
            key={version.version}
            version={version}
            current={index === 0}
            selected={version.version === selected}
            onSelect={onSelect}
          />
        ))}
      </MenuList>
      {older > 0 ? (
        <Box sx={{ p: 1.5, textAlign: 'center' }}>
          <Button onClick={() => setRows((shown) => shown + ROWS_AT_ONCE)}>
            {t('library.history.showOlder', { count: older })}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
});
