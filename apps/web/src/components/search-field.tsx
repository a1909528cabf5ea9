import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export interface SearchFieldProps {
  /** The search in effect (usually from the address); the field edits a draft of it. */
  value: string;
  /**
   * The trimmed text (null when empty): on Enter, `delayMs` after the last keystroke, and null from
   * the clear button.
   */
  onSearch: (text: string | null) => void;
  /** Search as one types, this long after the last keystroke. */
  delayMs?: number;
  placeholder: string;
  /** The accessible name of the field. */
  label: string;
  /** With a label, a clear button shows while there is text. */
  clearLabel?: string;
  maxLength?: number;
  testId?: string;
  sx?: SxProps<Theme>;
}

/** The search box of the console lists: a magnifier, search as one types or on Enter, optionally a clear button. */
export function SearchField({
  value,
  onSearch,
  placeholder,
  label,
  clearLabel,
  maxLength = 100,
  testId,
  sx,
  delayMs = 400,
}: SearchFieldProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => search.current(draft.trim() || null), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);
  return (
    <TextField
      size="small"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(draft.trim() || null);
      }}
      placeholder={placeholder}
      sx={sx}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          maxLength,
          type: 'search',
          ...(testId ? { 'data-testid': testId } : {}),
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            clearLabel && draft ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={clearLabel}
                  onClick={() => {
                    setDraft('');
                    onSearch(null);
                  }}
                >
                  <ClearRounded fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
