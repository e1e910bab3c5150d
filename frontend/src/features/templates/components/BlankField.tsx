import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { BlankProblem, TemplateVariable } from '@promptlib/proto';
import type { FocusEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILL_NAMESPACE } from '../../../i18n/namespaces';
import { FormTextField } from '../../../shared/components/FormTextField';
import { Spinner } from '../../../shared/components/Spinner';
import type { ClipboardText } from '../hooks/useClipboardText';

type Props = {
  id: string;
  variable: TemplateVariable;
  value: string;
  /** Why the value cannot be used, once the user tried to use it. */
  problem?: BlankProblem;
  autoFocus: boolean;
  clipboard: ClipboardText;
  onChange: (value: string) => void;
  /** A date field's text is not a whole date yet (the field then reports an empty value). */
  onIncompleteDate: (incomplete: boolean) => void;
  onUse: () => void;
};

const PROBLEM_KEYS = {
  required: 'templates.fill.required',
  number: 'templates.fill.notNumber',
  date: 'templates.fill.notDate',
} as const;

/**
 * One blank's field, as its type asks: a line of text, several lines, a number, a date (the
 * platform's own picker), a choice (the platform's own select), or an automatic value shown as
 * filled in and open to change. Enter uses the text, except in a field of several lines, where it
 * starts a new line and Ctrl+Enter (⌘+Enter) uses it.
 */
export function BlankField({
  id,
  variable,
  value,
  problem,
  autoFocus,
  clipboard,
  onChange,
  onIncompleteDate,
  onUse,
}: Props) {
  const { t } = useTranslation(['translation', FILL_NAMESPACE]);
  const label =
    variable.kind === 'auto'
      ? t(`templates.fill.auto.${variable.source}`)
      : variable.optional
        ? t('templates.fill.optional', { name: variable.name })
        : variable.name;

  if (variable.kind === 'choice')
    return (
      <ChoiceField
        id={id}
        label={label}
        options={variable.optional ? ['', ...variable.options] : variable.options}
        noneLabel={t('templates.fill.none')}
        value={value}
        autoFocus={autoFocus}
        onChange={onChange}
      />
    );

  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const commanded = event.ctrlKey || event.metaKey;
    if (variable.kind === 'long' ? commanded : !event.shiftKey) {
      event.preventDefault();
      onUse();
    }
  };
  // A remembered value is selected as its field takes the focus: what is typed replaces it, as in
  // any form that offers the last entry again.
  const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.target.select();
  const common = {
    id,
    label,
    value,
    required: variable.kind !== 'auto' && !variable.optional,
    error: problem ? t(PROBLEM_KEYS[problem]) : undefined,
    autoFocus,
    onKeyDown: onEnter,
  };

  switch (variable.kind) {
    case 'long':
      return (
        <FormTextField
          {...common}
          onChange={(event) => onChange(event.target.value)}
          onFocus={selectAll}
          multiline
          minRows={3}
          maxRows={10}
        />
      );
    case 'number':
      return (
        <FormTextField
          {...common}
          onChange={(event) => onChange(event.target.value)}
          onFocus={selectAll}
          // Text, not type="number": that one drops "2,5" as typed by half of Europe, and its
          // arrows change a value by a scroll of the wheel.
          inputProps={{ inputMode: 'decimal' }}
        />
      );
    case 'date':
      return (
        <FormTextField
          {...common}
          type="date"
          shrinkLabel
          onChange={(event) => {
            onChange(event.target.value);
            onIncompleteDate((event.target as HTMLInputElement).validity.badInput);
          }}
          onBlur={(event) => onIncompleteDate((event.target as HTMLInputElement).validity.badInput)}
        />
      );
    case 'auto': {
      const reading = variable.source === 'clipboard' && clipboard.state === 'reading';
      const failed = variable.source === 'clipboard' && clipboard.state === 'failed';
      return (
        <FormTextField
          {...common}
          onChange={(event) => onChange(event.target.value)}
          multiline
          maxRows={4}
          inputProps={{ 'aria-busy': reading || undefined }}
          helperText={
            reading
              ? t('templates.fill.clipboardReading')
              : failed
                ? t('templates.fill.clipboardFailed')
                : undefined
          }
          endAdornment={
            reading ? (
              <InputAdornment position="end">
                <Spinner size={18} />
              </InputAdornment>
            ) : undefined
          }
        />
      );
    }
    default:
      return (
        <FormTextField
          {...common}
          onChange={(event) => onChange(event.target.value)}
          onFocus={selectAll}
          multiline
          maxRows={4}
        />
      );
  }
}

type ChoiceFieldProps = {
  id: string;
  label: string;
  /** The values offered; '' is the empty choice of an optional one. */
  options: string[];
  noneLabel: string;
  value: string;
  autoFocus: boolean;
  onChange: (value: string) => void;
};

// A native select: light enough for the shared page's download, and every platform's own picker.
function ChoiceField({ id, label, options, noneLabel, value, autoFocus, onChange }: ChoiceFieldProps) {
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option === '' ? noneLabel : option}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
