import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/auction/use-now.ts';
import { type EndDateChip, endDateChips, endDateLabel, selectedEndDate } from '../lib/end-dates.ts';

/** The 6-day end-date selector: All, Today, Tomorrow, then weekdays; a chip sets one UTC+8 day. */
export function EndDateSelector({
  start,
  end,
  onSelect,
}: {
  start: string;
  end: string;
  onSelect: (chip: EndDateChip | null) => void;
}) {
  const { t, i18n } = useTranslation('auctions');
  // Re-evaluated each minute so "today" moves on at midnight.
  const now = useNow(true, 60_000);
  const chips = endDateChips(now);
  const selected = selectedEndDate(chips, start, end);
  const customRange = !selected && Boolean(start || end);
  return (
    <Box
      role="group"
      aria-label={t('endDate.label')}
      data-testid="sale-end-dates"
      sx={{ display: 'flex', gap: 0.75, overflowX: 'auto', pb: 0.5, scrollbarWidth: 'thin' }}
    >
      <Chip
        label={t('endDate.all')}
        color={!selected && !customRange ? 'primary' : 'default'}
        variant={!selected && !customRange ? 'filled' : 'outlined'}
        onClick={() => onSelect(null)}
        data-testid="sale-end-date-all"
      />
      {chips.map((chip) => {
        const on = selected?.date === chip.date;
        const { weekday, day } = endDateLabel(chip, i18n.resolvedLanguage ?? 'zh-CN');
        const name = chip.index === 0 ? t('endDate.today') : chip.index === 1 ? t('endDate.tomorrow') : weekday;
        return (
          <Chip
            key={chip.date}
            label={`${name} ${day}`}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => onSelect(on ? null : chip)}
            aria-pressed={on}
            data-testid="sale-end-date"
            data-date={chip.date}
          />
        );
      })}
    </Box>
  );
}
