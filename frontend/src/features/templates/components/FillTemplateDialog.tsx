import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../shared/components/BusyButton';
import { FormTextField } from '../../../shared/components/FormTextField';
import { rememberedValues, rememberValues } from '../remembered-values';
import { fillTemplate, initialValues, type ParsedTemplate, type TemplateValues } from '../template';
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
  onClose: () => void;
};

/**
 * The blanks of a template, one field each (a select for a choice), the filled text previewed as it
 * will be used, and one button that uses it. Mounted only while open, so it starts from the values
 * last used for this prompt on this device each time. Enter uses the text; Shift+Enter is a new line.
 * Every text blank must hold something: using the text with one empty (or only spaces) marks the
 * empty ones and moves the focus to the first, rather than copying "Dear ,".
 */
export function FillTemplateDialog({ title, template, memoryKey, action, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState<TemplateValues>(() =>
    initialValues(template, rememberedValues(memoryKey)),
  );
  const [busy, setBusy] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const fieldIds = useId();
  const filled = useMemo(() => fillTemplate(template, values), [template, values]);
  const missing = template.variables.filter(
    (variable) => variable.kind !== 'choice' && (values[variable.name] ?? '').trim() === '',
  );
  const fieldId = (index: number) => `${fieldIds}-${index}`;

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const use = async () => {
    if (busy) return;
    if (missing.length > 0) {
      setShowMissing(true);
      document.getElementById(fieldId(template.variables.indexOf(missing[0]!)))?.focus();
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

  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void use();
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('templates.fill.title', { title })}
      </DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void use();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('templates.fill.intro')}
          </Typography>
          <Stack spacing={2}>
            {template.variables.map((variable, index) =>
              variable.kind === 'choice' ? (
                <ChoiceField
                  key={variable.name}
                  name={variable.name}
                  options={variable.options}
                  value={values[variable.name] ?? variable.options[0]!}
                  autoFocus={index === 0}
                  onChange={(value) => set(variable.name, value)}
                />
              ) : (
                <FormTextField
                  key={variable.name}
                  id={fieldId(index)}
                  label={variable.name}
                  required
                  error={showMissing && missing.includes(variable) ? t('templates.fill.required') : undefined}
                  value={values[variable.name] ?? ''}
                  onChange={(event) => set(variable.name, event.target.value)}
                  onKeyDown={submitOnEnter}
                  // A remembered value is selected as its field takes the focus: what is typed
                  // replaces it, as in any form that offers the last entry again.
                  onFocus={(event) => event.target.select()}
                  autoFocus={index === 0}
                  multiline
                  maxRows={4}
                />
              ),
            )}
          </Stack>
          <Box sx={{ mt: 2.5 }}>
            <TemplateRegion heading={t('templates.fill.preview')} maxHeight={220}>
              <TemplateText
                template={template}
                values={values}
                emptyLabel={(name) => t('templates.fill.empty', { name })}
              />
            </TemplateRegion>
          </Box>
          <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 1 }}>
            {t('templates.fill.keys')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <BusyButton
            type="submit"
            variant="contained"
            busy={busy}
            busyLabel={action.busyLabel}
            startIcon={action.icon}
          >
            {action.label}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type ChoiceFieldProps = {
  name: string;
  options: string[];
  value: string;
  autoFocus: boolean;
  onChange: (value: string) => void;
};

// A native select: light enough for the shared page's download, and every platform's own picker.
function ChoiceField({ name, options, value, autoFocus, onChange }: ChoiceFieldProps) {
  const inputId = useId();
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={inputId} shrink>
        {name}
      </InputLabel>
      <NativeSelect
        id={inputId}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={name} notched />}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
