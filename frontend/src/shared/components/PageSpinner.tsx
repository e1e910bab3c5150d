import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', color: 'primary.main' }}>
      <Spinner label={t('app.loading')} />
    </Box>
  );
}
