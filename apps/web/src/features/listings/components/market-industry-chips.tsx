import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { INDUSTRIES, type Industry } from '@namebourse/contract';
import { useLocale } from '../../../lib/use-locale.ts';

/** The name of an industry in the reader's language (an unknown key is shown as it is). */
export function industryName(key: string, locale: 'zh-CN' | 'en-US'): string {
  return Object.hasOwn(INDUSTRIES, key) ? INDUSTRIES[key as Industry][locale] : key;
}

/** A listing's industries as small chips (a list, so screen readers count them). */
export function MarketIndustryChips({ industries, label }: { industries: string[]; label: string }) {
  const locale = useLocale();
  if (industries.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
    >
      {industries.map((key) => (
        <Box component="li" key={key}>
          <Chip size="small" variant="outlined" label={industryName(key, locale)} />
        </Box>
      ))}
    </Box>
  );
}
