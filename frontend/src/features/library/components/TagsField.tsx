import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { addTags, splitTags, tagProblemText, type TagProblem } from '../tag-rules';

type Props = {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** The user's tags: offered while typing, and the spelling a tag typed in another case takes. */
  known: readonly string[];
  /** What the server said is wrong with the tags, in the user's language. */
  error?: string;
  /** Told whether text that is not a tag waits in the field, so a form is not sent without it. */
  onProblem?: (problem: TagProblem | null) => void;
  disabled?: boolean;
};

const SEPARATORS = /[,\r\n]/;

/**
 * A prompt's tags as chips. Enter or a comma adds what was typed (a pasted "a, b, c" adds three),
 * Backspace in the empty field removes the last chip, and each chip can be removed by itself. A
 * tag that breaks a rule stays in the field, named by the rule, for the user to correct.
 */
export function TagsField({ id, value, onChange, known, error, onProblem, disabled = false }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [problem, setProblemState] = useState<TagProblem | null>(null);
  const setProblem = (next: TagProblem | null) => {
    setProblemState(next);
    onProblem?.(next);
  };

  const add = (candidates: string[]) => {
    const added = addTags(value, candidates, known);
    if (added.tags.length !== value.length) onChange(added.tags);
    setProblem(added.problem);
    setInput(added.rejected.join(', '));
  };

  // What was typed becomes a tag when the field is left too, so Save never drops it.
  const addTyped = () => {
    if (input.trim() !== '') add(splitTags(input));
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!SEPARATORS.test(text)) return;
    event.preventDefault();
    const field = event.currentTarget;
    const before = input.slice(0, field.selectionStart ?? input.length);
    const after = input.slice(field.selectionEnd ?? input.length);
    add(splitTags(before + text + after));
  };

  const helper = problem ? tagProblemText(t, problem) : (error ?? t('library.tags.hint'));

  return (
    <Autocomplete
      id={id}
      multiple
      freeSolo
      disableClearable
      filterSelectedOptions
      options={known}
      value={value}
      inputValue={input}
      disabled={disabled}
      onInputChange={(_event, next, reason) => {
        // The field's own text is cleared or kept here, by what became of it. Once the user changes
        // it, what was wrong with it is judged again when it is added.
        if (reason !== 'input') return;
        setInput(next);
        if (problem) setProblem(null);
      }}
      onChange={(_event, next, reason, details) => {
        if ((reason === 'createOption' || reason === 'selectOption') && details)
          add(splitTags(String(details.option)));
        else {
          onChange(next);
          setProblem(null);
        }
      }}
      onKeyDown={(event) => {
        if (event.key !== ',') return;
        event.preventDefault();
        event.defaultMuiPrevented = true;
        addTyped();
      }}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} {...itemProps} size="small" label={tag} title={tag} />;
        })
      }
      renderInput={({ InputProps, inputProps, InputLabelProps, ...field }) => (
        <TextField
          {...field}
          label={t('library.tags.label')}
          placeholder={value.length === 0 ? t('library.tags.placeholder') : undefined}
          error={problem !== null || error !== undefined}
          helperText={helper}
          slotProps={{
            // MUI's types and the app's are two releases of React's: the ref is the same either way.
            input: { ...InputProps, ref: InputProps.ref as Ref<HTMLDivElement> },
            inputLabel: InputLabelProps,
            htmlInput: {
              ...inputProps,
              onPaste: paste,
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                inputProps.onBlur?.(event);
                addTyped();
              },
            },
          }}
        />
      )}
    />
  );
}
