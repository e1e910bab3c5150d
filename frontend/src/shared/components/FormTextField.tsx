import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type FormTextFieldProps = Omit<OutlinedInputProps, 'error' | 'label'> & {
  label: string;
  error?: string;
  /** Said below the field while there is no error. */
  helperText?: string;
  /** Keeps the label above the field, for inputs that show a placeholder of their own (a date's). */
  shrinkLabel?: boolean;
  endAdornment?: ReactNode;
};

/**
 * A labelled outlined input with its error below, wired for screen readers. MUI's TextField does
 * the same but drags its whole select menu machinery into every page that has a form.
 */
export function FormTextField({
  label,
  error,
  helperText,
  shrinkLabel,
  id,
  fullWidth = true,
  ...input
}: FormTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  const helper = error ?? helperText;
  return (
    <FormControl variant="outlined" error={Boolean(error)} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        notched={shrinkLabel || undefined}
        aria-describedby={helper ? helperId : undefined}
        aria-invalid={Boolean(error)}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
