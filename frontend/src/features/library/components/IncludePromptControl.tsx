import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { PromptTitle } from '@promptlib/proto';
import { useMemo, useRef, useState, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { includeCandidates, includeIndexOf } from '../include-candidates';
import { useGetPromptTitlesQuery } from '../library.api';

// Enough to pick from by eye; typing narrows a library of any size to these.
const SHOWN = 50;

type Props = {
  /** The prompt being edited, never offered: a prompt cannot include itself. */
  excludeId: number | null;
  /** Puts the picked prompt's include into the text. */
  onPick: (promptId: number) => void;
};

/**
 * "Include a prompt": a button that becomes a search over the titles of the user's prompts. Up and
 * Down go through what matches, Enter picks, Escape goes back to the button. The title index is
 * read only once the search is opened.
 */
export function IncludePromptControl({ excludeId, onPick }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [typed, setTyped] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const titles = useGetPromptTitlesQuery(undefined, { skip: !picking });
  const index = useMemo(
    () => (titles.data ? includeIndexOf(titles.data, excludeId, SHOWN) : null),
    [titles.data, excludeId],
  );
  const options = useMemo(() => (index ? includeCandidates(index, typed, SHOWN) : []), [index, typed]);

  const stop = (refocus: boolean) => {
    setPicking(false);
    setTyped('');
    if (refocus) setTimeout(() => button.current?.focus());
  };

  if (!picking)
    return (
      <Button ref={button} size="small" onClick={() => setPicking(true)}>
        {t('templates.editor.include.button')}
      </Button>
    );
  return (
    <Autocomplete<PromptTitle>
      options={options}
      // Already narrowed to what matches, by includeCandidates.
      filterOptions={(shown) => shown}
      getOptionLabel={([, title]) => title}
      getOptionKey={([id]) => id}
      value={null}
      inputValue={typed}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setTyped(next);
      }}
      onChange={(_event, picked) => {
        if (!picked) return;
        stop(false);
        onPick(picked[0]);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape leaves the search, not the dialog around it.
        event.defaultMuiPrevented = true;
        event.stopPropagation();
        stop(true);
      }}
      openOnFocus
      autoHighlight
      loading={titles.isLoading}
      loadingText={t('templates.editor.include.reading')}
      noOptionsText={
        titles.isError ? t('templates.editor.include.failed') : t('templates.editor.include.none')
      }
      size="small"
      sx={{ flexBasis: { xs: '100%', sm: 300 }, flexGrow: { xs: 1, sm: 0 }, mt: { xs: 0.5, sm: 0 } }}
      renderInput={({ InputProps, inputProps, InputLabelProps, ...field }) => (
        <TextField
          {...field}
          autoFocus
          label={t('templates.editor.include.label')}
          placeholder={t('templates.editor.include.placeholder')}
          slotProps={{
            // MUI's types and the app's are two releases of React's: the ref is the same either way.
            input: { ...InputProps, ref: InputProps.ref as Ref<HTMLDivElement> },
            inputLabel: InputLabelProps,
            htmlInput: {
              ...inputProps,
              // Left for another field, the search folds back into its button.
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                inputProps.onBlur?.(event);
                stop(false);
              },
            },
          }}
        />
      )}
    />
  );
}
