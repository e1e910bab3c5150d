import DarkModeOutlined from '../../../shared/icons/DarkModeOutlined';
import LightModeOutlined from '../../../shared/icons/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { toggleDarkMode } from '../../../app/ui.slice';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const darkMode = useAppSelector((state) => state.ui.darkMode);
  const label = darkMode ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => dispatch(toggleDarkMode())}>
        {darkMode ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
