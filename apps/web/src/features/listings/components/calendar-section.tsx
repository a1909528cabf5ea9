import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CalendarEntry, fieldMessage, type Listing } from '@namebourse/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { useServerNow } from '../../../components/auction/index.ts';
import { MutationError } from '../../../components/mutation-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCalendar } from '../api/get-calendar.ts';
import { useSaveCalendar } from '../api/save-calendar.ts';
import {
  addDraft,
  type CalendarEntryState,
  calendarEntryState,
  type DraftEntry,
  type DraftProblem,
  draftDateProblem,
  firstCalendarDate,
  formatCalendarDate,
  upcomingEntries,
} from '../lib/calendar-entries.ts';
import { isEditable, priceFieldCents } from '../lib/edit-rules.ts';

const STATE_TONE: Record<CalendarEntryState, StatusTone> = { active: 'success', applied: 'default', upcoming: 'info' };

interface Row {
  key: string;
  date: string;
  priceCents: number;
  state: CalendarEntryState;
}

function rowsOf(history: readonly CalendarEntry[], drafts: readonly DraftEntry[]): Row[] {
  const past = history
    .filter((entry) => calendarEntryState(entry) !== 'upcoming')
    .map((entry) => ({
      key: entry.entryId,
      date: entry.date,
      priceCents: entry.priceCents,
      state: calendarEntryState(entry),
    }));
  const next = drafts.map((entry) => ({ key: `d-${entry.date}`, ...entry, state: 'upcoming' as const }));
  return [...past, ...next].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The price calendar: the price in force, past and scheduled entries, adding (future dates only) and removing
 * scheduled ones; saving replaces every scheduled entry. An entry takes effect at 00:00 (UTC+8) of its date.
 */
export function CalendarSection({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listing-edit');
  if (listing.mode !== 'auction') return <CalendarEditor listing={listing} />;
  return (
    <SectionCard id="calendar" title={t('calendar.title')}>
      <Alert severity="info" data-testid="calendar-auction">
        {t('calendar.auctionNone')}
      </Alert>
    </SectionCard>
  );
}

function CalendarEditor({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation('listing-edit');
  const locale = useLocale();
  const calendar = useCalendar(listing.listingId);
  const save = useSaveCalendar();
  const now = useServerNow(true, 60_000);
  const [drafts, setDrafts] = useState<DraftEntry[] | null>(null);
  const [date, setDate] = useState('');
  const [price, setPrice] = useState('');
  const [dateProblem, setDateProblem] = useState<DraftProblem | null>(null);
  const [priceProblem, setPriceProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const editable = isEditable(listing.status);

  useEffect(() => {
    if (calendar.data && drafts === null) setDrafts(upcomingEntries(calendar.data.items));
  }, [calendar.data, drafts]);

  if (calendar.error) {
    return (
      <SectionCard id="calendar" title={t('calendar.title')}>
        <ErrorView error={calendar.error} onRetry={() => void calendar.refetch()} />
      </SectionCard>
    );
  }
  if (!calendar.data || drafts === null) {
    return (
      <SectionCard id="calendar" title={t('calendar.title')}>
        <Skeleton variant="rounded" height={120} aria-busy="true" />
      </SectionCard>
    );
  }

  const items = calendar.data.items;
  const active = items.find((entry) => entry.active);
  const currentCents = active?.priceCents ?? listing.priceCents ?? listing.startPriceCents;
  const rows = rowsOf(items, drafts);
  const minDate = firstCalendarDate(now);
  const changed = JSON.stringify(drafts) !== JSON.stringify(upcomingEntries(items));

  const add = () => {
    setSaved(false);
    const problem = draftDateProblem(date, drafts, now);
    const cents = priceFieldCents(price, true);
    setDateProblem(problem);
    setPriceProblem(cents.problem ? fieldMessage(cents.problem, locale) : null);
    if (problem || cents.problem || cents.cents === null) return;
    setDrafts(addDraft(drafts, { date, priceCents: cents.cents }));
    setDate('');
    setPrice('');
  };

  const remove = (row: Row) => {
    setSaved(false);
    setDrafts(drafts.filter((entry) => entry.date !== row.date));
  };

  const submit = async () => {
    setSaved(false);
    try {
      const next = await save.mutateAsync({ listingId: listing.listingId, body: { entries: drafts } });
      setDrafts(upcomingEntries(next.items));
      setSaved(true);
    } catch {
      // Shown below.
    }
  };
  const serverFields = Object.values(fieldErrorsOf(save.error));

  return (
    <SectionCard id="calendar" title={t('calendar.title')} description={t('calendar.description')}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Box>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{t('calendar.current')}</Typography>
            <Typography sx={{ typography: 'text3xl', fontWeight: 700 }} data-testid="calendar-current">
              {currentCents === null ? t('calendar.noPrice') : formatMoney(currentCents, i18n.language)}
            </Typography>
          </Box>
          <Box>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{t('calendar.serverTime')}</Typography>
            <Typography sx={{ typography: 'textMd', fontWeight: 600 }} data-testid="calendar-server-time">
              {formatDateTime(now, i18n.language, 'Asia/Shanghai')} (UTC+8)
            </Typography>
          </Box>
        </Box>

        {rows.length === 0 ? (
          <Typography color="text.secondary" data-testid="calendar-empty">
            {t('calendar.empty')}
          </Typography>
        ) : (
          <List
            disablePadding
            aria-label={t('calendar.entries')}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {rows.map((row, index) => (
              <ListItem
                key={row.key}
                divider={index < rows.length - 1}
                data-testid="calendar-entry"
                secondaryAction={
                  row.state === 'upcoming' && editable ? (
                    <IconButton
                      edge="end"
                      onClick={() => remove(row)}
                      aria-label={t('calendar.remove', { date: formatCalendarDate(row.date, i18n.language) })}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  ) : undefined
                }
                sx={{ gap: 2, flexWrap: 'wrap', pr: 7 }}
              >
                <Typography sx={{ minWidth: 110, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCalendarDate(row.date, i18n.language)}
                </Typography>
                <Typography sx={{ minWidth: 100, fontWeight: 700 }}>
                  {formatMoney(row.priceCents, i18n.language)}
                </Typography>
                <StatusChip label={t(`calendar.state.${row.state}`)} tone={STATE_TONE[row.state]} status={row.state} />
              </ListItem>
            ))}
          </List>
        )}

        {editable ? (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              type="date"
              label={t('calendar.date')}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setDateProblem(null);
              }}
              error={Boolean(dateProblem)}
              helperText={dateProblem ? t(`calendar.problem.${dateProblem}`) : t('calendar.dateHint')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
            />
            <TextField
              label={t('calendar.price')}
              value={price}
              onChange={(event) => {
                setPrice(event.target.value);
                setPriceProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              error={Boolean(priceProblem)}
              helperText={priceProblem ?? t('sale.minHint')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              }}
            />
            <Button variant="outlined" startIcon={<AddRounded />} onClick={add} sx={{ height: 56 }}>
              {t('calendar.add')}
            </Button>
          </Box>
        ) : null}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ typography: 'textSm', mr: 'auto', maxWidth: 560 }}>
            {t('calendar.saveHint')}
          </Typography>
          <Button
            variant="contained"
            disabled={!editable || !changed || save.isPending}
            onClick={() => void submit()}
            sx={{ minWidth: { xs: '100%', sm: 160 } }}
          >
            {save.isPending ? t('actions.saving') : t('calendar.save')}
          </Button>
        </Box>
        {saved ? (
          <Alert severity="success" role="status">
            {t('calendar.saved')}
          </Alert>
        ) : null}
        {serverFields.length > 0 ? (
          <Alert severity="error">{serverFields.join(' ')}</Alert>
        ) : (
          <MutationError error={save.error} />
        )}
      </Box>
    </SectionCard>
  );
}
