import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSearch } from '../../../app/ui.slice';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useDebouncedCallback } from '../../../shared/hooks/useDebouncedCallback';

// The typed text is reported once typing pauses, so the list does not refilter per keystroke.
const SEARCH_DEBOUNCE_MS = 300;

export const SearchField = forwardRef<HTMLInputElement, { autoFocus?: boolean }>(function SearchField(
  { autoFocus },
  ref,
) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.ui.search);
  const [text, setText] = useState(stored);
  const [reported, setReported] = useState(stored);
  // A search changed elsewhere (the empty list's "Clear search") shows in the field too.
  if (stored !== reported) {
    setReported(stored);
    setText(stored);
  }
  const report = useDebouncedCallback((value: string) => {
    setReported(value);
    dispatch(setSearch(value));
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextField
      inputRef={ref}
      type="search"
      size="small"
      value={text}
      autoFocus={autoFocus}
      placeholder={t('header.search')}
      onChange={(event) => {
        setText(event.target.value);
        report(event.target.value);
      }}
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': t('header.searchLabel') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
