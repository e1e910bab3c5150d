import UploadFile from '../../../shared/icons/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  GENERAL_CATEGORY_NAME,
  ImportFileError,
  promptsOutsideGeneral,
  type ImportPlan,
} from '@promptlib/proto';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isApiFailure } from '../../../api/api-error';
import { useAppDispatch } from '../../../app/store';
import { serverMessage } from '../../../shared/server-message';
import { useGetLimitsQuery } from '../../library/library.api';
import { importPlanOfFile } from '../import-file';
import { runImport, type ImportOutcome } from '../import-run';
import { refreshLibrary, useImportPageMutation } from '../transfer.api';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'summary'; fileName: string; plan: ImportPlan }
  | { kind: 'importing'; plan: ImportPlan; done: number }
  | { kind: 'finished'; plan: ImportPlan; outcome: ImportOutcome };

/**
 * Importing a file: pick it, see what it holds and what the plan allows before anything is written,
 * then watch the pages go and read what was imported, what was skipped and why. Importing the same
 * file again adds nothing, so a stopped import is finished by importing the file again.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const dispatch = useAppDispatch();
  const [sendPage] = useImportPageMutation();
  const { data: limits } = useGetLimitsQuery();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const cancelled = useRef(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const plan = await importPlanOfFile(file);
      setStep({ kind: 'summary', fileName: file.name, plan });
    } catch (error) {
      const reason = error instanceof ImportFileError ? error.problem : 'unreadable';
      setStep({ kind: 'choose', error: t(`transfer.import.errors.${reason}`) });
    }
  };

  const start = async (plan: ImportPlan) => {
    cancelled.current = false;
    setStep({ kind: 'importing', plan, done: 0 });
    const outcome = await runImport(plan, {
      send: (page) => sendPage(page).unwrap(),
      onProgress: (done) => setStep({ kind: 'importing', plan, done }),
      cancelled: () => cancelled.current,
    });
    dispatch(refreshLibrary());
    setStep({ kind: 'finished', plan, outcome });
  };

  const importing = step.kind === 'importing';
  const room =
    limits && !limits.isPro
      ? Math.max(0, limits.prompts.limit - limits.prompts.used)
      : Number.POSITIVE_INFINITY;

  return (
    <Dialog open onClose={importing ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('transfer.import.title')}</DialogTitle>
      <DialogContent>
        {step.kind === 'choose' ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {t('transfer.import.intro')}
            </Typography>
            {step.error ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {step.error}
              </Alert>
            ) : null}
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFile />}>
              {t('transfer.import.choose')}
              <Box
                component="input"
                id={inputId}
                type="file"
                accept=".json,.csv,.md,.markdown,.zip,application/json,text/csv,text/markdown,application/zip"
                onChange={(event: ChangeEvent<HTMLInputElement>) => void choose(event)}
                sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
              />
            </Button>
          </>
        ) : null}

        {step.kind === 'summary' ? (
          <Box role="status">
            <Typography sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>{step.fileName}</Typography>
            <Typography>
              {t(`transfer.import.kind.${step.plan.kind}`)}{' '}
              {t('transfer.import.found', { count: step.plan.prompts.length + step.plan.invalid.length })}{' '}
              {step.plan.categories.length > 0
                ? t('transfer.import.foundCategories', { count: step.plan.categories.length })
                : null}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('transfer.import.duplicatesNote')}
            </Typography>
            {limits && !limits.isPro && promptsOutsideGeneral(step.plan) > 0 ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('transfer.import.intoGeneral', {
                  count: promptsOutsideGeneral(step.plan),
                  general: GENERAL_CATEGORY_NAME,
                })}
              </Alert>
            ) : null}
            {step.plan.prompts.length > room ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('transfer.import.freeRoom', { limit: limits?.prompts.limit, count: room })}
              </Alert>
            ) : null}
            {step.plan.invalid.length > 0 ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {t('transfer.import.tooLong', { count: step.plan.invalid.length })}
              </Alert>
            ) : null}
          </Box>
        ) : null}

        {step.kind === 'importing' ? (
          <Box>
            <Typography role="status" sx={{ mb: 1.5 }}>
              {t('transfer.import.progress', { done: step.done, total: step.plan.prompts.length })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={step.plan.prompts.length === 0 ? 100 : (step.done / step.plan.prompts.length) * 100}
              aria-label={t('transfer.import.progressLabel')}
            />
          </Box>
        ) : null}

        {step.kind === 'finished' ? (
          <ImportReportView outcome={step.outcome} isPro={limits?.isPro ?? false} onUpgrade={onClose} />
        ) : null}
      </DialogContent>
      <DialogActions>
        {step.kind === 'summary' ? (
          <>
            <Button onClick={() => setStep({ kind: 'choose' })}>{t('transfer.import.otherFile')}</Button>
            <Button variant="contained" onClick={() => void start(step.plan)}>
              {t('transfer.import.start', { count: step.plan.prompts.length })}
            </Button>
          </>
        ) : null}
        {importing ? (
          <Button onClick={() => (cancelled.current = true)}>{t('transfer.import.stop')}</Button>
        ) : (
          <Button onClick={onClose} variant={step.kind === 'finished' ? 'contained' : 'text'}>
            {step.kind === 'finished' ? t('transfer.import.close') : t('common.cancel')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

type ReportProps = { outcome: ImportOutcome; isPro: boolean; onUpgrade: () => void };

function ImportReportView({ outcome, isPro, onUpgrade }: ReportProps) {
  const { t } = useTranslation();
  const { report } = outcome;
  const reasons = (['duplicate', 'prompt-limit', 'category-limit', 'invalid'] as const).filter(
    (reason) => report.skipped[reason] > 0,
  );
  return (
    <Box role="status">
      {outcome.kind === 'stopped' ? (
        <Alert severity={outcome.reason === 'cancelled' ? 'info' : 'error'} sx={{ mb: 2 }}>
          {t(`transfer.import.stopped.${outcome.reason}`, {
            message:
              outcome.error === undefined
                ? undefined
                : serverMessage(
                    outcome.error,
                    t,
                    isApiFailure(outcome.error) ? outcome.error.message : String(outcome.error),
                  ),
          })}
        </Alert>
      ) : null}
      <Typography sx={{ fontWeight: 700 }}>
        {t('transfer.import.report.imported', { count: report.imported })}
      </Typography>
      {report.categoriesCreated > 0 ? (
        <Typography>{t('transfer.import.report.categories', { count: report.categoriesCreated })}</Typography>
      ) : null}
      {reasons.length > 0 ? (
        <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
          {reasons.map((reason) => (
            <li key={reason}>
              <Typography>
                {t(`transfer.import.report.${reason}`, { count: report.skipped[reason] })}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
      {report.invalidRows.length > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, overflowWrap: 'anywhere' }}>
          {t('transfer.import.report.invalidRows', {
            rows: report.invalidRows.map((item) => `${item.row} (${item.title || '—'})`).join(', '),
          })}
        </Typography>
      ) : null}
      {!isPro && (report.skipped['prompt-limit'] > 0 || report.skipped['category-limit'] > 0) ? (
        <Button component={RouterLink} to="/subscribe" variant="outlined" onClick={onUpgrade} sx={{ mt: 2 }}>
          {t('header.upgrade')}
        </Button>
      ) : null}
    </Box>
  );
}
