import Check from '../../../shared/icons/Check';
import Download from '../../../shared/icons/Download';
import Person from '../../../shared/icons/Person';
import Key from '../../../shared/icons/Key';
import Link from '../../../shared/icons/Link';
import Logout from '../../../shared/icons/Logout';
import Upload from '../../../shared/icons/Upload';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { User } from '@promptlib/proto';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/components/Spinner';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/store';
import { openAppDialog } from '../../../app/ui.slice';
import { languages } from '../../../i18n';
import { formatDay } from '../../../shared/locale-format';
import { useSignOut } from '../../auth/hooks/useSignOut';
import { CancelSubscriptionDialog } from '../../billing/components/CancelSubscriptionDialog';
import { useGetLimitsQuery } from '../../library/library.api';

// An unlimited allowance (-1) shows as the infinity sign.
function showLimit(limit: number): string {
  return limit === -1 ? '∞' : String(limit);
}

/** One fact of a menu entry's second line, on a line of its own. */
function Line({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {children}
    </Box>
  );
}

export function UserMenu({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { data: limits } = useGetLimitsQuery();
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const dispatch = useAppDispatch();
  const close = () => setAnchor(null);
  const isPro = user.isPro || limits?.isPro;

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={`${t('header.accountMenu')}: ${user.username}`}
        startIcon={
          <Avatar src={user.photoURL} alt="" sx={{ width: 28, height: 28, fontSize: 14 }}>
            {user.username.slice(0, 1).toUpperCase()}
          </Avatar>
        }
        sx={{ maxWidth: { xs: 56, sm: 220 }, minWidth: 0 }}
      >
        <Typography component="span" noWrap sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 600 }}>
          {user.username}
        </Typography>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <ListItemText
            primary={t('header.signedInAs')}
            secondary={user.username}
            slotProps={{ secondary: { sx: { fontWeight: 700, color: 'text.primary' } } }}
          />
        </MenuItem>
        {limits && !limits.isPro ? (
          <MenuItem disabled dense sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemText
              primary={t('header.usage.prompts', {
                used: limits.prompts.used,
                limit: showLimit(limits.prompts.limit),
              })}
              secondary={
                <>
                  <Line>
                    {t('header.usage.categories', {
                      used: limits.categories.used,
                      limit: showLimit(limits.categories.limit),
                    })}
                  </Line>
                  <Line>{t('library.history.keptFree', { versions: limits.versionsKept })}</Line>
                </>
              }
              slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
            />
          </MenuItem>
        ) : null}
        {isPro ? (
          <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemText
              primary={t('header.proAccount')}
              secondary={
                limits ? (
                  <>
                    {limits.subscription.isCancelled && limits.subscription.endsAt ? (
                      <Line>
                        {t('header.expiresOn', {
                          date: formatDay(limits.subscription.endsAt, i18n.resolvedLanguage),
                        })}
                      </Line>
                    ) : null}
                    <Line>{t('library.history.keptPro', { versions: limits.versionsKept })}</Line>
                  </>
                ) : undefined
              }
              slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
            />
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              close();
              navigate('/subscribe');
            }}
          >
            {t('header.upgrade')}
          </MenuItem>
        )}
        {isPro && limits && !limits.subscription.isCancelled ? (
          <MenuItem
            onClick={() => {
              close();
              setCancelling(true);
            }}
          >
            {t('billing.cancel.menu')}
          </MenuItem>
        ) : null}
        <Divider component="li" />
        <MenuItem
          onClick={() => {
            close();
            dispatch(openAppDialog('sharedLinks'));
          }}
        >
          <ListItemIcon>
            <Link fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('library.sharedLinks.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate('/settings/account');
          }}
        >
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate('/settings/api-keys');
          }}
        >
          <ListItemIcon>
            <Key fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('apiKeys.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            dispatch(openAppDialog('export'));
          }}
        >
          <ListItemIcon>
            <Download fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('transfer.export.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            dispatch(openAppDialog('import'));
          }}
        >
          <ListItemIcon>
            <Upload fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('transfer.import.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            dispatch(openAppDialog('shortcuts'));
          }}
        >
          <ListItemText inset>{t('shortcuts.menu')}</ListItemText>
        </MenuItem>
        <Divider component="li" />
        <MenuItem disabled dense sx={{ '&.Mui-disabled': { opacity: 1 }, color: 'text.secondary' }}>
          {t('header.language')}
        </MenuItem>
        {languages.map((language) => {
          const active = i18n.resolvedLanguage === language.code;
          return (
            <MenuItem
              key={language.code}
              lang={language.code}
              role="menuitemradio"
              aria-checked={active}
              selected={active}
              onClick={() => {
                void i18n.changeLanguage(language.code);
                close();
              }}
            >
              <ListItemIcon>{active ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{language.label}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider component="li" />
        <MenuItem disabled={isSigningOut} onClick={() => void signOut().then(close)}>
          <ListItemIcon>{isSigningOut ? <Spinner size={18} /> : <Logout fontSize="small" />}</ListItemIcon>
          <ListItemText>{isSigningOut ? t('header.loggingOut') : t('header.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <CancelSubscriptionDialog open={cancelling} onClose={() => setCancelling(false)} />
    </>
  );
}
