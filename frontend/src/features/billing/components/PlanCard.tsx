import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';

export type PlanCardProps = {
  name: string;
  price: string;
  period: string;
  saving?: string;
  badge?: string;
  /** The plan's button; none where the user has Pro already. */
  action?: { choose: string; busy: boolean; busyLabel: string; disabled: boolean; onChoose: () => void };
  /** Said in place of a button on the plan the user's Pro renews at: a fact, not an action. */
  current?: string;
  /** How many versions of each prompt the plan keeps. */
  versionsKept: number;
};

export function PlanCard({
  name,
  price,
  period,
  saving,
  badge,
  action,
  current,
  versionsKept,
}: PlanCardProps) {
  const { t } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const features = ['categories', 'prompts', 'versions', 'support', 'future'] as const;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={name}
      sx={{ p: 3, flex: 1, borderColor: badge ? 'primary.main' : 'divider', borderWidth: badge ? 2 : 1 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        {badge ? <Chip label={badge} color="primary" size="small" /> : null}
      </Stack>
      <Typography component="p" sx={{ mb: saving ? 0.5 : 2 }}>
        <Typography component="span" variant="h4" sx={{ fontWeight: 800 }}>
          {price}
        </Typography>{' '}
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          {period}
        </Typography>
      </Typography>
      {saving ? (
        <Typography sx={{ color: 'success.main', fontWeight: 600, mb: 2 }}>{saving}</Typography>
      ) : null}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: action || current ? 3 : 0 }}>
        {features.map((feature) => (
          <Stack component="li" key={feature} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CheckCircleOutline fontSize="small" color="success" aria-hidden />
            <Typography variant="body2">
              {t(`subscribe.features.${feature}`, { versions: versionsKept })}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {action ? (
        <BusyButton
          variant={badge ? 'contained' : 'outlined'}
          fullWidth
          size="large"
          disabled={action.disabled}
          onClick={action.onChoose}
          busy={action.busy}
          busyLabel={action.busyLabel}
        >
          {action.choose}
        </BusyButton>
      ) : current ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'center', py: 1, color: 'success.main' }}
        >
          <CheckCircleOutline fontSize="small" aria-hidden />
          <Typography sx={{ fontWeight: 700 }}>{current}</Typography>
        </Stack>
      ) : null}
    </Paper>
  );
}
