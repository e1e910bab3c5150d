import BarChartOutlined from '../../../shared/icons/BarChartOutlined';
import CategoryOutlined from '../../../shared/icons/CategoryOutlined';
import ContentCopyOutlined from '../../../shared/icons/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack component="li" direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ p: 1, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.16)', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ opacity: 0.92 }}>
          {text}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The three benefits beside the forms, on large screens only. */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      sx={{
        display: { xs: 'none', lg: 'flex' },
        flexDirection: 'column',
        justifyContent: 'center',
        p: 6,
        color: '#fff',
        background: 'linear-gradient(135deg, #26397d 0%, #3451b2 60%, #5a3fa0 100%)',
      }}
    >
      <Typography component="h2" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
        {t('auth.marketing.title')}
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: 520, opacity: 0.92 }}>{t('auth.marketing.subtitle')}</Typography>
      <Stack component="ul" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Benefit
          icon={<CategoryOutlined />}
          title={t('auth.marketing.categories.title')}
          text={t('auth.marketing.categories.text')}
        />
        <Benefit
          icon={<ContentCopyOutlined />}
          title={t('auth.marketing.copy.title')}
          text={t('auth.marketing.copy.text')}
        />
        <Benefit
          icon={<BarChartOutlined />}
          title={t('auth.marketing.usage.title')}
          text={t('auth.marketing.usage.text')}
        />
      </Stack>
    </Box>
  );
}
