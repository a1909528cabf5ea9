import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { fieldMessage, LISTING_RULES } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';

/** Keywords as chips: type one and press Enter (or a comma) to add it; each chip can be removed. */
export function PresentationKeywords({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('listing-edit');
  const locale = useLocale();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= LISTING_RULES.maxKeywords;

  const add = () => {
    const word = text.trim().replace(/,+$/, '').trim();
    if (!word) return;
    if (word.length > LISTING_RULES.keywordMaxLength) {
      setProblem(fieldMessage('tooLong', locale, { max: LISTING_RULES.keywordMaxLength }));
      return;
    }
    if (full) {
      setProblem(fieldMessage('keywordsTooMany', locale));
      return;
    }
    setText('');
    setProblem(null);
    if (value.some((k) => k.toLowerCase() === word.toLowerCase())) return;
    onChange([...value, word]);
  };

  const shown = problem ?? error;
  return (
    <Box>
      <TextField
        fullWidth
        label={t('presentation.keywords')}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setProblem(null);
          if (event.target.value.endsWith(',') || event.target.value.endsWith('，')) {
            setText(event.target.value.slice(0, -1));
            return;
          }
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ',') {
            event.preventDefault();
            add();
          } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={add}
        error={Boolean(shown)}
        helperText={
          shown ??
          t('presentation.keywordsHint', {
            count: value.length,
            max: LISTING_RULES.maxKeywords,
            length: LISTING_RULES.keywordMaxLength,
          })
        }
        slotProps={{ htmlInput: { maxLength: LISTING_RULES.keywordMaxLength + 1 } }}
      />
      {value.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('presentation.keywordList')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
        >
          {value.map((keyword) => (
            <li key={keyword}>
              {disabled ? (
                <Chip label={keyword} />
              ) : (
                <Chip label={keyword} onDelete={() => onChange(value.filter((k) => k !== keyword))} />
              )}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
