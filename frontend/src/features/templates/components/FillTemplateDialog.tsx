import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  blankProblems,
  fillTemplate,
  initialValues,
  isIsoDate,
  type BlankProblem,
  type ParsedTemplate,
  type TemplateValues,
} from '@promptlib/proto';
import { Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';
import { BusyButton } from '../../../shared/components/BusyButton';
import { Spinner } from '../../../shared/components/Spinner';
import { dateAndTimeNow, dateFormatter } from '../auto-values';
import { useClipboardText, type ClipboardText } from '../hooks/useClipboardText';
import { useComposedTemplate, type Composition } from '../hooks/useComposedTemplate';
import { leftOutIncludes, type IncludeSource } from '../included-prompts';
import { rememberedValues, rememberValues } from '../remembered-values';
import { BlankField } from './BlankField';
import { TemplateRegion } from './TemplateRegion';
import { TemplateText } from './TemplateText';

export type FillAction = {
  label: string;
  busyLabel: string;
  icon?: ReactNode;
  /**
   * Uses the filled text (copies it, hands it to an assistant). Resolves true once it is used: the
   * values are then remembered and the dialog closes; false keeps the dialog open to try again.
   */
  run: (text: string) => Promise<boolean>;
};

type Props = {
  /** The prompt's title, for the dialog's title. */
  title: string;
  template: ParsedTemplate;
  /** Which prompt the remembered values belong to, e.g. `prompt:12`. */
  memoryKey: string;
  action: FillAction;
  /**
   * Where the prompts the template includes are read from, when it opens. Without one (a shared
   * page, whose author shared this prompt only) each include is left out and said to be not shared.
   */
  includes?: IncludeSource;
  onClose: () => void;
};

const NAMESPACES = ['translation', FILL_NAMESPACE];

/**
 * The blanks of a template, one field each as its type asks, the filled text previewed as it will
 * be used, and one button that uses it. Mounted only while open, so each opening starts from the
 * values last used for this prompt on this device, today's date and the clipboard as they are, and
 * the included prompts as they are now. Beside the button, what is still to fill is said as it
 * changes; pressing the button then marks those fields and moves the focus to the first, rather
 * than copying "Dear ,".
 */
export function FillTemplateDialog(props: Props) {
  // Both reads start as the dialog opens, while its translations may still be on their way.
  const composition = useComposedTemplate(props.template, props.includes);
  const clipboard = useClipboardText(
    readsClipboard(props.template) || (composition.state === 'ready' && readsClipboard(composition.template)),
  );
  return (
    <Suspense fallback={null}>
      <FillDialog {...props} composition={composition} clipboard={clipboard} />
    </Suspense>
  );
}

type FillDialogProps = Props & { composition: Composition; clipboard: ClipboardText };

function FillDialog({ title, composition, action, onClose, ...form }: FillDialogProps) {
  const { t } = useTranslation(NAMESPACES);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('templates.fill.title', { title })}
      </DialogTitle>
      {composition.state === 'ready' ? (
        <FillForm
          {...form}
          template={composition.template}
          action={action}
          busy={busy}
          setBusy={setBusy}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }}>
            {composition.state === 'reading' ? (
              <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
                <Spinner size={22} />
                <Typography>{t('templates.fill.includes.reading')}</Typography>
              </Stack>
            ) : (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={composition.retry}>
                    {t('templates.fill.includes.retry')}
                  </Button>
                }
              >
                {t('templates.fill.includes.failed')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="contained" disabled startIcon={action.icon}>
              {action.label}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

type FillFormProps = Omit<Props, 'title'> & {
  clipboard: ClipboardText;
  busy: boolean;
  setBusy: (busy: boolean) => void;
};

function FillForm({
  template,
  memoryKey,
  action,
  includes,
  clipboard,
  busy,
  setBusy,
  onClose,
}: FillFormProps) {
  const { t, i18n } = useTranslation(NAMESPACES);
  const fieldIds = useId();
  const stillId = useId();
  const [values, setValues] = useState<TemplateValues>(() =>
    initialValues(template, rememberedValues(memoryKey), {
      ...dateAndTimeNow(i18n.language),
      clipboard: clipboard.state === 'read' ? clipboard.text : '',
    }),
  );
  const [incompleteDates, setIncompleteDates] = useState<ReadonlySet<string>>(new Set());
  const [showProblems, setShowProblems] = useState(false);
  const formatDate = useMemo(() => dateFormatter(i18n.language), [i18n.language]);
  const filled = useMemo(
    () => fillTemplate(template, values, { formatDate }),
    [template, values, formatDate],
  );
  const problems = useMemo(
    () => problemsOf(template, values, incompleteDates),
    [template, values, incompleteDates],
  );
  const fieldId = (name: string) =>
    `${fieldIds}-${template.variables.findIndex((variable) => variable.name === name)}`;
  const labelOf = (name: string) => {
    const variable = template.variables.find((candidate) => candidate.name === name);
    return variable?.kind === 'auto' ? t(`templates.fill.auto.${variable.source}`) : name;
  };

  // The clipboard answers after the form is shown: its text goes in unless the user typed there.
  useEffect(() => {
    if (clipboard.state !== 'read') return;
    setValues((current) =>
      current['@clipboard'] === '' ? { ...current, '@clipboard': clipboard.text } : current,
    );
  }, [clipboard]);

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const setIncompleteDate = (name: string, incomplete: boolean) =>
    setIncompleteDates((current) => {
      if (current.has(name) === incomplete) return current;
      const next = new Set(current);
      if (incomplete) next.add(name);
      else next.delete(name);
      return next;
    });

  const use = async () => {
    if (busy) return;
    if (problems.size > 0) {
      setShowProblems(true);
      document.getElementById(fieldId([...problems.keys()][0]!))?.focus();
      return;
    }
    setBusy(true);
    const used = await action.run(filled).catch(() => false);
    if (used) {
      rememberValues(memoryKey, values);
      onClose();
    } else {
      setBusy(false);
    }
  };

  const stillToFill = [...problems].map(([name, problem]) =>
    problem === 'required'
      ? name
      : t(problem === 'number' ? 'templates.fill.stillNumber' : 'templates.fill.stillDate', { name }),
  );
  const leftOut = leftOutIncludes(template);
  const hasLong = template.variables.some((variable) => variable.kind === 'long');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void use();
      }}
      // A column that may shrink, so that the fields scroll and the button stays in view.
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {template.variables.length > 0 ? t('templates.fill.intro') : t('templates.fill.introNothingToFill')}
        </Typography>
        {leftOut.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {leftOut.map(({ problem, sources }) => (
              <Box key={problem}>
                {t(`templates.fill.includes.${includes ? problem : 'notShared'}`, {
                  count: sources.length,
                  sources: sources.join(', '),
                })}
              </Box>
            ))}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          {template.variables.map((variable, index) => (
            <BlankField
              key={variable.name}
              id={fieldId(variable.name)}
              variable={variable}
              value={values[variable.name] ?? ''}
              problem={showProblems ? problems.get(variable.name) : undefined}
              autoFocus={index === 0}
              clipboard={clipboard}
              onChange={(value) => set(variable.name, value)}
              onIncompleteDate={(incomplete) => setIncompleteDate(variable.name, incomplete)}
              onUse={() => void use()}
            />
          ))}
        </Stack>
        <Box sx={{ mt: 2.5 }}>
          <TemplateRegion heading={t('templates.fill.preview')} maxHeight={220}>
            <TemplateText
              template={previewOf(template)}
              values={shownValues(template, values, formatDate)}
              emptyLabel={(name) => t('templates.fill.empty', { name: labelOf(name) })}
            />
          </TemplateRegion>
        </Box>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 1 }}>
          {hasLong
            ? t(isApple() ? 'templates.fill.keysLongMac' : 'templates.fill.keysLong')
            : t('templates.fill.keys')}
        </Typography>
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        {problems.size > 0 ? (
          <Typography
            id={stillId}
            variant="body2"
            sx={{
              flex: '1 1 14rem',
              px: 2,
              color: showProblems ? 'error.main' : 'text.secondary',
              overflowWrap: 'anywhere',
            }}
          >
            {t('templates.fill.stillToFill', { blanks: stillToFill.join(', ') })}
          </Typography>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <BusyButton
          type="submit"
          variant="contained"
          busy={busy}
          busyLabel={action.busyLabel}
          startIcon={action.icon}
          autoFocus={template.variables.length === 0}
          aria-describedby={problems.size > 0 ? stillId : undefined}
        >
          {action.label}
        </BusyButton>
      </DialogActions>
    </Box>
  );
}

function readsClipboard(template: ParsedTemplate): boolean {
  return template.variables.some((variable) => variable.kind === 'auto' && variable.source === 'clipboard');
}

/**
 * What keeps each blank's value from being used, in the order of the blanks. A date field whose
 * text is not a whole date yet reports an empty value: it is named as not a date, not as empty.
 */
function problemsOf(
  template: ParsedTemplate,
  values: TemplateValues,
  incompleteDates: ReadonlySet<string>,
): Map<string, BlankProblem> {
  const found = new Map(blankProblems(template, values).map(({ name, problem }) => [name, problem]));
  const problems = new Map<string, BlankProblem>();
  for (const { name } of template.variables) {
    const problem = incompleteDates.has(name) ? 'date' : found.get(name);
    if (problem) problems.set(name, problem);
  }
  return problems;
}

/** The preview leaves out the includes that could not be composed, as the filled text does. */
function previewOf(template: ParsedTemplate): ParsedTemplate {
  return { ...template, segments: template.segments.filter((segment) => segment.kind !== 'include') };
}

/** The values as the filled text writes them: a date blank's as a long date. */
function shownValues(
  template: ParsedTemplate,
  values: TemplateValues,
  formatDate: (iso: string) => string,
): TemplateValues {
  const shown = { ...values };
  for (const variable of template.variables) {
    const value = values[variable.name] ?? '';
    if (variable.kind === 'date' && isIsoDate(value)) shown[variable.name] = formatDate(value);
  }
  return shown;
}

function isApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.userAgent);
}
