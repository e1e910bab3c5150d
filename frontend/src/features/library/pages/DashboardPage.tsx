import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';

/** The library's main screen; its sidebar, cards and dialogs arrive with the dashboard. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ flexGrow: 1 }}>
      <Box component="h1" sx={visuallyHidden}>
        {t('dashboard.title')}
      </Box>
    </Box>
  );
}
