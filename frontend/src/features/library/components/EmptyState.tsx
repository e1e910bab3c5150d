import Add from '@mui/icons-material/Add';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { categoryName: string | null; search?: string; onCreate: () => void };

/** 'No prompts found', told apart by whether a category is chosen or a search found nothing. */
export function EmptyState({ categoryName, search, onCreate }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Inventory2Outlined sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 1 }}>
        {t('library.empty.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {search
          ? t('library.empty.noMatch', { search })
          : categoryName === null
            ? t('library.empty.none')
            : t('library.empty.inCategory', { category: categoryName })}
      </Typography>
      <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
        {t('library.empty.create')}
      </Button>
    </Box>
  );
}
