import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type FormTextFieldProps = Omit<OutlinedInputProps, 'error' | 'label'> & {
  label: string;
  error?: string;
  endAdornment?: ReactNode;
};

/**
 * A labelled outlined input with its error below, wired for screen readers. MUI's TextField does
 * the same but drags its whole select menu machinery into every page that has a form.
 */
export function FormTextField({ label, error, id, fullWidth = true, ...input }: FormTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" error={Boolean(error)} fullWidth={fullWidth}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        aria-describedby={error ? helperId : undefined}
        aria-invalid={Boolean(error)}
      />
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
