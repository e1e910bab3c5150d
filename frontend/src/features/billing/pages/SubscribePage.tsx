import OpenInNew from '../../../shared/icons/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { tierDefaults, type LimitsRecord } from '@promptlib/proto';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAMESPACE } from '../../../i18n/namespaces';
import { Link as RouterLink } from 'react-router-dom';
import { isApiFailure } from '../../../api/api-error';
import { useGetClientConfigQuery } from '../../../api/config.api';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useNotify } from '../../../shared/hooks/useNotify';
import { serverMessage } from '../../../shared/server-message';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { authPathFor } from '../../auth/return-path';
import { Header } from '../../shell/components/Header';
import {
  useChangePlanMutation,
  useCreateSubscriptionMutation,
  useGetSubscriptionPlanQuery,
  useResumeSubscriptionMutation,
} from '../billing.api';
import { PlanCard, type PlanCardProps } from '../components/PlanCard';
import { ANNUAL_SAVING, PLAN_DOLLARS } from '../plan-prices';
import { formatDay, formatDollars, formatPercent } from '../../../shared/locale-format';
import { BusyButton } from '../../../shared/components/BusyButton';
import { useGetLimitsQuery } from '../../library/library.api';
import { noteCheckoutStarted } from '../hooks/useTierWatcher';

type Plan = 'monthly' | 'annual';

/** The one signed-in route that does not redirect: visitors are asked to sign in here instead. */
export function SubscribePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <LoginRequired />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header user={user} />
      <Plans />
    </Box>
  );
}

function LoginRequired() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 420, textAlign: 'center' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 1 }}>
          {t('subscribe.loginRequired.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('subscribe.loginRequired.text')}</Typography>
        <Button component={RouterLink} to={authPathFor('/subscribe')} variant="contained">
          {t('subscribe.loginRequired.button')}
        </Button>
      </Paper>
    </Box>
  );
}

function Plans() {
  const { t, i18n } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const config = useGetClientConfigQuery();
  const [createSubscription] = useCreateSubscriptionMutation();
  const [pending, setPending] = useState<Plan | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  // A Pro user is shown their subscription instead of a checkout they could not start, and may
  // move it to the other plan.
  const { data: limits } = useGetLimitsQuery();
  const isPro = limits?.isPro === true;
  const { data: subscription } = useGetSubscriptionPlanQuery(undefined, {
    skip: !isPro,
    refetchOnMountOrArgChange: true,
  });
  const [changePlan, { isLoading: switching }] = useChangePlanMutation();
  const currentPlan = (['monthly', 'annual'] as const).find(
    (plan) => Boolean(subscription?.priceId) && subscription?.priceId === config.data?.prices[plan],
  );

  const switchTo = async (plan: Plan) => {
    const priceId = config.data?.prices[plan];
    if (!priceId) return;
    try {
      await changePlan({ priceId }).unwrap();
      notify({
        title: t('subscribe.switched.title'),
        description: t(`subscribe.switched.${plan}`),
        variant: 'success',
      });
    } catch (error) {
      notify({
        title: t('subscribe.switchFailed'),
        // serverMessage answers the fallback for anything that is not the server's error.
        description: serverMessage(error, t, t('subscribe.errors.unknown')),
        variant: 'error',
      });
    }
  };

  /** A plan card's button: choose it, or for a Pro user on the other plan, switch to it. */
  const actionFor = (plan: Plan): PlanCardProps['action'] => {
    if (!isPro) {
      return {
        choose: t(`subscribe.${plan}.choose`),
        busy: pending === plan,
        busyLabel: t('subscribe.opening'),
        disabled: pending !== null || !config.data,
        onChoose: () => void choose(plan),
      };
    }
    if (currentPlan === undefined || currentPlan === plan) return undefined;
    return {
      choose: t(`subscribe.${plan}.switch`),
      busy: switching,
      busyLabel: t('subscribe.switching'),
      disabled: switching,
      onChoose: () => void switchTo(plan),
    };
  };

  // The user's own record where it is a Pro one (a setting may differ from the default).
  const proVersionsKept = isPro && limits ? limits.versionsKept : tierDefaults.proVersionsKept;

  const currentFor = (plan: Plan) =>
    isPro && currentPlan === plan ? t('subscribe.current.plan') : undefined;

  const choose = async (plan: Plan) => {
    const priceId = config.data?.prices[plan];
    if (!priceId) return;
    setPending(plan);
    try {
      const { url } = await createSubscription({ priceId }).unwrap();
      if (!url) throw new Error(t('subscribe.errors.noUrl'));
      setCheckoutUrl(url);
      noteCheckoutStarted();
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      const description = isApiFailure(error)
        ? serverMessage(error, t, t('subscribe.errors.create'))
        : error instanceof Error
          ? error.message
          : t('subscribe.errors.unknown');
      notify({ title: t('subscribe.errors.title'), description, variant: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, textAlign: 'center', mb: 1 }}>
        {t('subscribe.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 4 }}>
        {t('subscribe.subtitle')}
      </Typography>
      {limits && isPro ? <CurrentSubscription limits={limits} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: isPro ? 4 : 2 }}>
        <PlanCard
          name={t('subscribe.monthly.name')}
          price={formatDollars(PLAN_DOLLARS.monthly, i18n.resolvedLanguage)}
          period={t('subscribe.monthly.period')}
          action={actionFor('monthly')}
          current={currentFor('monthly')}
          versionsKept={proVersionsKept}
        />
        <PlanCard
          name={t('subscribe.annual.name')}
          price={formatDollars(PLAN_DOLLARS.annual, i18n.resolvedLanguage)}
          period={t('subscribe.annual.period')}
          saving={t('subscribe.annual.saving', {
            amount: formatDollars(ANNUAL_SAVING.dollars, i18n.resolvedLanguage),
            percent: formatPercent(ANNUAL_SAVING.share, i18n.resolvedLanguage),
          })}
          badge={t('subscribe.annual.badge')}
          action={actionFor('annual')}
          current={currentFor('annual')}
          versionsKept={proVersionsKept}
        />
      </Stack>
      {isPro ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mb: 4 }}>
          {t('subscribe.freeVersions', {
            versions: limits?.versionsKept ?? tierDefaults.freeVersionsKept,
          })}
        </Typography>
      )}
      {checkoutUrl && !isPro ? (
        <Box sx={{ textAlign: 'center', mb: 4 }}>
          {/* Paying in the new tab turns this one Pro by itself (the tabs' broadcast). */}
          <Typography role="status" sx={{ mb: 1.5 }}>
            {t('subscribe.checkoutOpened')}
          </Typography>
          <Button
            href={checkoutUrl}
            target="_blank"
            rel="noopener"
            variant="contained"
            endIcon={<OpenInNew />}
          >
            {t('subscribe.openCheckout')}
          </Button>
        </Box>
      ) : null}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {t('subscribe.paymentMethods.title')}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>
        {[
          t('subscribe.paymentMethods.card'),
          t('subscribe.paymentMethods.googlePay'),
          t('subscribe.paymentMethods.link'),
        ].join(' · ')}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
        {t('subscribe.footer')}
      </Typography>
    </Container>
  );
}

/**
 * What a Pro user has: a subscription that renews, or one cancelled that lasts until its end date
 * and can be resumed until then.
 */
function CurrentSubscription({ limits }: { limits: LimitsRecord }) {
  const { t, i18n } = useTranslation(['translation', LIBRARY_NAMESPACE]);
  const notify = useNotify();
  const [resume, { isLoading: resuming }] = useResumeSubscriptionMutation();
  const { isCancelled, endsAt } = limits.subscription;

  const resumeSubscription = async () => {
    try {
      await resume().unwrap();
      notify({
        title: t('subscribe.current.resumed.title'),
        description: t('subscribe.current.resumed.description'),
        variant: 'success',
      });
    } catch (error) {
      notify({
        title: t('subscribe.current.resumeFailed'),
        // serverMessage answers the fallback for anything that is not the server's error.
        description: serverMessage(error, t, t('subscribe.errors.unknown')),
        variant: 'error',
      });
    }
  };

  return (
    <Alert
      role="status"
      severity={isCancelled ? 'info' : 'success'}
      sx={{ mb: 4, alignItems: 'center' }}
      action={
        isCancelled ? (
          <BusyButton
            color="inherit"
            variant="outlined"
            busy={resuming}
            busyLabel={t('subscribe.current.resuming')}
            onClick={() => void resumeSubscription()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('subscribe.current.resume')}
          </BusyButton>
        ) : (
          <Button color="inherit" component={RouterLink} to="/" sx={{ whiteSpace: 'nowrap' }}>
            {t('subscribe.current.back')}
          </Button>
        )
      }
    >
      <AlertTitle>
        {isCancelled ? t('subscribe.current.cancelled.title') : t('subscribe.current.active.title')}
      </AlertTitle>
      {isCancelled && endsAt
        ? t('subscribe.current.cancelled.text', { date: formatDay(endsAt, i18n.resolvedLanguage) })
        : t('subscribe.current.active.text')}
    </Alert>
  );
}
