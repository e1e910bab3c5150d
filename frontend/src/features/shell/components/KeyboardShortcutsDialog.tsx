import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Keys pressed together, or with `either`, any one of them. */
/** Whether this device's shortcuts take ⌘ where others take Ctrl: Apple's systems. */
export function usesCommandKey(platform = navigator.platform || navigator.userAgent): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}

type Shortcut = { keys: string[]; what: string; either?: boolean };

/** Every keyboard shortcut of the app, by where it works; opened with '?' or from the palette. */
export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const mod = usesCommandKey() ? '⌘' : t('shortcuts.keys.ctrl');
  const [shift, enter, esc] = [t('shortcuts.keys.shift'), t('shortcuts.keys.enter'), t('shortcuts.keys.esc')];
  const groups: { title: string; shortcuts: Shortcut[] }[] = [
    {
      title: t('shortcuts.anywhere'),
      shortcuts: [
        { keys: [mod, 'K'], what: t('shortcuts.palette') },
        { keys: ['/'], what: t('shortcuts.search') },
        { keys: ['?'], what: t('shortcuts.list') },
        { keys: [mod, 'Z'], what: t('shortcuts.undo') },
      ],
    },
    {
      title: t('shortcuts.inPalette'),
      shortcuts: [
        { keys: ['↑', '↓'], what: t('shortcuts.choose'), either: true },
        { keys: [enter], what: t('shortcuts.copyOrRun') },
        { keys: [shift, enter], what: t('shortcuts.edit') },
        { keys: [esc], what: t('shortcuts.close') },
      ],
    },
    {
      title: t('shortcuts.inDialogs'),
      shortcuts: [
        { keys: [mod, enter], what: t('shortcuts.save') },
        { keys: [enter], what: t('shortcuts.copyFilled') },
        { keys: [esc], what: t('shortcuts.closeDialog') },
      ],
    },
  ];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('shortcuts.title')}</DialogTitle>
      <DialogContent>
        {groups.map((group) => (
          <Box
            key={group.title}
            component="table"
            sx={{ width: '100%', borderCollapse: 'collapse', mb: 2, '&:last-of-type': { mb: 0 } }}
          >
            <Typography
              component="caption"
              variant="overline"
              sx={{ textAlign: 'start', color: 'text.secondary' }}
            >
              {group.title}
            </Typography>
            <tbody>
              {group.shortcuts.map((shortcut) => (
                <Box component="tr" key={shortcut.what} sx={{ borderTop: 1, borderColor: 'divider' }}>
                  <Box component="td" sx={{ py: 0.75, pr: 2 }}>
                    {shortcut.what}
                  </Box>
                  <Box component="td" sx={{ py: 0.75, textAlign: 'end', whiteSpace: 'nowrap' }}>
                    {shortcut.keys.map((key, index) => (
                      <Fragment key={key}>
                        {index > 0 ? (shortcut.either ? ' / ' : ' + ') : null}
                        <Box
                          component="kbd"
                          sx={{
                            fontFamily: 'inherit',
                            fontSize: '0.8125rem',
                            px: 0.75,
                            py: 0.25,
                            border: 1,
                            borderColor: 'divider',
                            borderRadius: 1,
                            bgcolor: 'action.hover',
                          }}
                        >
                          {key}
                        </Box>
                      </Fragment>
                    ))}
                  </Box>
                </Box>
              ))}
            </tbody>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('library.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
