import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * The page's code could not be fetched, even after retrying: the user reloads when back online.
 * Plain elements only: this is in the first file every visit loads.
 */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Box component="p" sx={{ mt: 0, mb: 2 }}>
          {t('app.loadFailed')}
        </Box>
        <Box
          component="button"
          type="button"
          onClick={() => window.location.reload()}
          sx={{
            font: 'inherit',
            fontWeight: 600,
            px: 2,
            py: 1,
            border: 0,
            borderRadius: 1,
            cursor: 'pointer',
            color: 'primary.contrastText',
            bgcolor: 'primary.main',
          }}
        >
          {t('app.reload')}
        </Box>
      </Box>
    </Box>
  );
}
