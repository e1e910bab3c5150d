import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('notFound.text')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
