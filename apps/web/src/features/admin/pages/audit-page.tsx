import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AuditEntry, IsoDateSchema } from '@namebourse/contract';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { idTextSx } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAudit } from '../api/get-audit.ts';
import { EmptyState, ListSkeleton } from '../components/layout-parts.tsx';
import {
  AUDIT_ENTITY_TYPES,
  type AuditDraft,
  auditParamsOf,
  auditSearchFromParams,
  EMPTY_AUDIT_DRAFT,
  hasAuditFilter,
  humanCode,
} from '../lib/audit-query.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

/** The filter form: what the server's query accepts, days as the date inputs give them, `to` not before `from`. */
const text = (max: number) => z.string().trim().max(max);
const day = z.union([z.literal(''), IsoDateSchema]);
const filterSchema = z
  .object({
    actor: text(40),
    entity: text(40),
    entityId: text(200),
    action: text(60),
    from: day,
    to: day,
  })
  .refine((draft) => !draft.from || !draft.to || draft.from <= draft.to, {
    message: 'form.rangeInvalid',
    path: ['to'],
  });

const userPath = (accountNo: string) => `${ADMIN_PATHS.users}/${encodeURIComponent(accountNo)}`;
const isAccountNo = (value: string) => /^[A-Za-z]{0,4}\d{4,16}$/.test(value);

function useEntryText() {
  const { t } = useTranslation('admin-audit');
  return {
    action: (entry: AuditEntry) => t(`action.${entry.action}`, { defaultValue: humanCode(entry.action) }),
    entity: (type: string) => t(`entity.${type}`, { defaultValue: type }),
    role: (role: string) => t(`role.${role}`, { defaultValue: role }),
    change: (entry: AuditEntry) => {
      if (entry.fromStatus && entry.toStatus) return `${entry.fromStatus} → ${entry.toStatus}`;
      return entry.toStatus ?? entry.fromStatus ?? '';
    },
  };
}

function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-audit');
  const words = useEntryText();
  if (entry.actor === 'system') return <>{t('system')}</>;
  return (
    <>
      <Box component={RouterLink} to={userPath(entry.actor)} sx={{ ...idTextSx, color: 'primary.main' }}>
        {entry.actor}
      </Box>
      <Typography component="span" color="text.secondary" sx={{ typography: 'textXs', ml: 0.75 }}>
        {words.role(entry.actorRole)}
      </Typography>
    </>
  );
}

function Entity({ entry }: { entry: AuditEntry }) {
  const words = useEntryText();
  const id =
    entry.entityType === 'user' && isAccountNo(entry.entityId) ? (
      <Box component={RouterLink} to={userPath(entry.entityId)} sx={{ ...idTextSx, color: 'primary.main' }}>
        {entry.entityId}
      </Box>
    ) : (
      <Box component="span" sx={{ ...idTextSx, overflowWrap: 'anywhere' }}>
        {entry.entityId}
      </Box>
    );
  return (
    <>
      {words.entity(entry.entityType)} · {id}
    </>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin-audit');
  const words = useEntryText();
  return (
    <Box sx={{ display: { xs: 'none', md: 'block' } }}>
      <ListTable
        label={t('table')}
        minWidth={900}
        data-testid="admin-audit-table"
        head={
          <>
            <TableCell>{t('column.time')}</TableCell>
            <TableCell>{t('column.actor')}</TableCell>
            <TableCell>{t('column.entity')}</TableCell>
            <TableCell>{t('column.action')}</TableCell>
            <TableCell>{t('column.change')}</TableCell>
            <TableCell>{t('column.reason')}</TableCell>
          </>
        }
      >
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt, i18n.language)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Actor entry={entry} />
              </TableCell>
              <TableCell>
                <Entity entry={entry} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{words.action(entry)}</TableCell>
              {/* Wide enough for a status code on one line (paid_awaiting_delivery); longer ones still wrap. */}
              <TableCell sx={{ ...idTextSx, minWidth: 220, overflowWrap: 'break-word' }}>
                {words.change(entry)}
              </TableCell>
              <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {entry.reason ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ListTable>
    </Box>
  );
}

function AuditCards({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin-audit');
  const words = useEntryText();
  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      <CardList data-testid="admin-audit-cards">
        {entries.map((entry) => (
          <ListCard key={entry.id}>
            <CardHead
              end={
                <Typography color="text.secondary" sx={{ typography: 'textXs', whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.createdAt, i18n.language)}
                </Typography>
              }
            >
              <Typography sx={{ typography: 'textMd', fontWeight: 700 }}>{words.action(entry)}</Typography>
            </CardHead>
            <Typography sx={{ typography: 'textSm', mt: 0.5 }}>
              <Entity entry={entry} />
            </Typography>
            {words.change(entry) ? (
              <Typography sx={{ typography: 'textSm', ...idTextSx, overflowWrap: 'anywhere' }}>
                {words.change(entry)}
              </Typography>
            ) : null}
            <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
              {t('by')} <Actor entry={entry} />
            </Typography>
            {entry.reason ? (
              <Typography sx={{ typography: 'textSm', mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {t('reason', { reason: entry.reason })}
              </Typography>
            ) : null}
          </ListCard>
        ))}
      </CardList>
    </Box>
  );
}

/** /admin/audit (admins): every recorded change, newest first, filtered by who, what and when; filters in the address. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin-audit');
  usePageTitle(t('title'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => auditSearchFromParams(params), [params]);
  const list = useAudit(search.request);
  const resolver = useMemo(() => zodResolver(filterSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<AuditDraft>({ resolver, defaultValues: search.draft });
  const { reset, setError } = form;

  // The address leads: going back or following a link shows its filters in the form, with their problems.
  useEffect(() => {
    reset(search.draft);
    for (const [key, message] of Object.entries(search.errors)) {
      setError(key as keyof AuditDraft, { message });
    }
  }, [search, reset, setError]);

  const go = (draft: AuditDraft, page = 1) => setParams(auditParamsOf(draft, page));
  const submit = form.handleSubmit((draft) => go(draft));
  const entries = list.data?.items ?? [];
  const filtered = hasAuditFilter(search.draft);
  const error = (key: keyof AuditDraft) => {
    const message = form.formState.errors[key]?.message;
    return message?.startsWith('form.') ? t(message) : fieldText(message, locale);
  };
  // Every action the texts name, by name in the page's language (the code beside it: two codes may read alike).
  const actionBundle = (i18n.getResourceBundle(i18n.language, 'admin-audit') as { action?: Record<string, string> })
    ?.action;
  const actionOptions = Object.keys(actionBundle ?? {}).sort(
    (a, b) => t(`action.${a}`).localeCompare(t(`action.${b}`), i18n.language) || a.localeCompare(b),
  );
  const chosenAction = form.watch('action');
  if (chosenAction && !actionOptions.includes(chosenAction)) actionOptions.unshift(chosenAction);
  const entityOptions = [...AUDIT_ENTITY_TYPES] as string[];
  const chosenEntity = form.watch('entity');
  if (chosenEntity && !entityOptions.includes(chosenEntity)) entityOptions.push(chosenEntity);

  return (
    <Box data-testid="admin-audit">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper
        component="form"
        role="search"
        aria-label={t('filters')}
        variant="outlined"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{
          p: 2,
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <FormTextField
          control={form.control}
          name="actor"
          size="small"
          label={t('filter.actor')}
          placeholder={t('filter.actorPlaceholder')}
          errorText={error('actor')}
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
        <FormTextField control={form.control} name="entity" size="small" select label={t('filter.entity')}>
          <MenuItem value="">{t('filter.anyEntity')}</MenuItem>
          {entityOptions.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`entity.${type}`, { defaultValue: type })}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="entityId"
          size="small"
          label={t('filter.entityId')}
          placeholder={t('filter.entityIdPlaceholder')}
          errorText={error('entityId')}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
        />
        <FormTextField
          control={form.control}
          name="action"
          size="small"
          select
          label={t('filter.action')}
          slotProps={{
            select: {
              renderValue: (value) => t(`action.${String(value)}`, { defaultValue: humanCode(String(value)) }),
              MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
            },
          }}
        >
          <MenuItem value="">{t('filter.anyAction')}</MenuItem>
          {actionOptions.map((code) => (
            <MenuItem key={code} value={code} sx={{ gap: 1, justifyContent: 'space-between' }}>
              {t(`action.${code}`, { defaultValue: humanCode(code) })}
              <Typography component="span" color="text.secondary" sx={{ ...idTextSx, typography: 'textXs' }}>
                {code}
              </Typography>
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="from"
          size="small"
          type="date"
          label={t('filter.from')}
          errorText={error('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={form.control}
          name="to"
          size="small"
          type="date"
          label={t('filter.to')}
          errorText={error('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ typography: 'textSm', mr: 'auto', alignSelf: 'center' }}>
            {t('filter.timeHint')}
          </Typography>
          {filtered ? (
            <Button type="button" color="inherit" onClick={() => go(EMPTY_AUDIT_DRAFT)}>
              {t('filter.clear')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained">
            {t('filter.apply')}
          </Button>
        </Box>
      </Paper>
      {list.data && list.data.total > 0 ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 1.25 }} data-testid="admin-total">
          {t('total', { total: formatNumber(list.data.total, i18n.language) })}
        </Typography>
      ) : null}
      <PagedList
        query={list}
        loading={<ListSkeleton rows={5} height={48} />}
        empty={
          <EmptyState title={filtered ? t('noMatch') : t('none')} body={filtered ? t('noMatchHint') : undefined} />
        }
        isEmpty={entries.length === 0}
        pages={
          list.data && entries.length > 0
            ? {
                total: list.data.total,
                pageSize: list.data.pageSize,
                page: search.page,
                onChange: (next) => go(search.draft, next),
                compact: true,
              }
            : null
        }
      >
        {() => (
          <>
            <AuditTable entries={entries} />
            <AuditCards entries={entries} />
          </>
        )}
      </PagedList>
    </Box>
  );
}
