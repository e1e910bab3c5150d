import SearchIcon from '../../../shared/icons/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { setSearch } from '../../../app/ui.slice';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useDebouncedCallback } from '../../../shared/hooks/useDebouncedCallback';
import { prefetchSearch } from '../../../shared/search-prefetch';

type SearchState = { searchTyped: boolean };

// The typed text is reported once typing pauses, so the list does not refilter per keystroke.
const SEARCH_DEBOUNCE_MS = 300;
// A shorter pause already asks for the results, so the server's answer is usually there when the
// debounce ends and the list changes at the debounce plus a render. Typing faster than this asks
// for nothing; a pause between the two asks once for text the user may still extend.
const SEARCH_ASK_EARLY_MS = 150;

export const SearchField = forwardRef<HTMLInputElement, { autoFocus?: boolean }>(function SearchField(
  { autoFocus },
  ref,
) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Typing on another screen brought the user to the library: the typing goes on here.
  const [arrivedTyping] = useState(() => (location.state as SearchState | null)?.searchTyped === true);
  const stored = useAppSelector((state) => state.ui.search);
  const [text, setText] = useState(stored);
  const [reported, setReported] = useState(stored);
  // A search changed elsewhere (the empty list's "Clear search") shows in the field too.
  if (stored !== reported) {
    setReported(stored);
    setText(stored);
  }
  const askEarly = useDebouncedCallback(prefetchSearch, SEARCH_ASK_EARLY_MS);
  const report = useDebouncedCallback((value: string) => {
    // The early ask has asked for this text already, under the sort and filter of that moment: if
    // either changed since, this asks under the new ones; else the request under way is reused.
    prefetchSearch(value);
    setReported(value);
    dispatch(setSearch(value));
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextField
      inputRef={ref}
      type="search"
      size="small"
      value={text}
      autoFocus={autoFocus || arrivedTyping}
      placeholder={t('header.search')}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        if (location.pathname === '/') {
          askEarly(value);
          report(value);
          return;
        }
        // The library is where a search shows: typed on another screen (the plans, say), it
        // takes the user there at once, with what was typed.
        setReported(value);
        dispatch(setSearch(value));
        navigate('/', { state: { searchTyped: true } satisfies SearchState });
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
