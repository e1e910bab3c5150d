import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { PROMPT_CARD_HEIGHT } from './PromptCard';

// Four placeholder cards while the prompts load.
const PLACEHOLDERS = 4;

export function PromptSkeletons() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('app.loading')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
    >
      {Array.from({ length: PLACEHOLDERS }, (_, index) => (
        <Skeleton
          key={index}
          variant="rounded"
          height={PROMPT_CARD_HEIGHT - 16}
          data-testid="prompt-skeleton"
        />
      ))}
    </Box>
  );
}
