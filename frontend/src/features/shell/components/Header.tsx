import CloseIcon from '../../../shared/icons/Close';
import SearchIcon from '../../../shared/icons/Search';
import WorkspacePremium from '../../../shared/icons/WorkspacePremium';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { User } from '@promptlib/proto';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch } from '../../../app/store';
import { openAppDialog } from '../../../app/ui.slice';
import { LIBRARY_NAMESPACE } from '../../../i18n';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';
import { Logo } from '../../../shared/components/Logo';
import { useTierWatcher } from '../../billing/hooks/useTierWatcher';
import { useLiveFeed } from '../../live/useLiveFeed';
import { CommandPaletteHost } from '../../palette/CommandPaletteHost';
import { AppDialogs } from './AppDialogs';
import { SearchField } from './SearchField';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

/**
 * '/' jumps to search and '?' lists the shortcuts, from anywhere except while typing in a field
 * (where they are characters) or with a dialog open (whose keys are its own).
 */
function usePageKeys(focusSearch: () => void, showShortcuts: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]');
      if (typing || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (event.key === '/') {
        event.preventDefault();
        focusSearch();
      } else if (event.key === '?') {
        event.preventDefault();
        showShortcuts();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focusSearch, showShortcuts]);
}

export function Header({ user }: { user: User }) {
  // Signed-in screens use the library's texts too (menus, tier notices), and the templates' (the
  // marks of automatic values and includes on cards): load them before rendering.
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE, FILL_NAMESPACE]);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [mobileSearchOpen, setMobileSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  useTierWatcher();
  useLiveFeed();

  const focusSearch = useRef(() => {
    if (searchInput.current) searchInput.current.focus();
    else setMobileSearchOpen(true);
  }).current;
  const dispatch = useAppDispatch();
  const showShortcuts = useCallback(() => dispatch(openAppDialog('shortcuts')), [dispatch]);
  usePageKeys(focusSearch, showShortcuts);

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <SkipToContent label={t('header.skipToContent')} />
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('app.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'primary.main',
            textDecoration: 'none',
          }}
        >
          <Logo />
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={{ fontWeight: 800, color: 'text.primary', display: { xs: 'none', md: 'inline' } }}
          >
            {t('app.name')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center' }}>
          {small ? null : (
            <Box sx={{ width: '100%', maxWidth: 520 }}>
              <SearchField ref={searchInput} />
            </Box>
          )}
        </Box>
        {small ? (
          <IconButton
            color="inherit"
            aria-label={mobileSearchOpen ? t('header.closeSearch') : t('header.openSearch')}
            aria-expanded={mobileSearchOpen}
            aria-controls="mobile-search"
            onClick={() => setMobileSearchOpen((open) => !open)}
          >
            {mobileSearchOpen ? <CloseIcon /> : <SearchIcon />}
          </IconButton>
        ) : null}
        <ThemeToggle />
        {user.isPro ? (
          <Chip icon={<WorkspacePremium />} label={t('header.proBadge')} color="secondary" size="small" />
        ) : (
          <Button
            component={RouterLink}
            to="/subscribe"
            variant="contained"
            size="small"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: { xs: 1, sm: 1.5 } }}
          >
            {t('header.upgrade')}
          </Button>
        )}
        <UserMenu user={user} />
      </Toolbar>
      {/* Every signed-in screen has this header, so Ctrl/Cmd-K works on each of them. */}
      <CommandPaletteHost />
      <AppDialogs />
      {small && mobileSearchOpen ? (
        <Box id="mobile-search" sx={{ px: 2, pb: 1.5 }}>
          <SearchField ref={searchInput} autoFocus />
        </Box>
      ) : null}
    </AppBar>
  );
}

/**
 * The first stop of the keyboard on every signed-in screen, seen only while it has the focus: it
 * takes the focus past the header to the screen's main content.
 */
function SkipToContent({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    <Box
      component="a"
      href="#main"
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {label}
    </Box>
  );
}
