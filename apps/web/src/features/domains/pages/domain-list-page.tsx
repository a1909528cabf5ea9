import DnsOutlined from '@mui/icons-material/DnsOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MoveDownOutlined from '@mui/icons-material/MoveDownOutlined';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { DomainBatchAction, MyDomain, MyDomainsPage } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../../components/auction/server-clock.ts';
import { EmptyState, PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { useWideLayout } from '../../../lib/render-env.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useDomainGroups } from '../api/get-domain-groups.ts';
import { useDomains } from '../api/get-domains.ts';
import { domainKeys } from '../api/keys.ts';
import { useSetTransferLock } from '../api/set-transfer-lock.ts';
import { AssignGroupDialog } from '../components/assign-group-dialog.tsx';
import { BatchDialog } from '../components/batch-dialog.tsx';
import { DomainDetailsDialog } from '../components/domain-details-dialog.tsx';
import { domainErrorText } from '../components/domain-error.tsx';
import { DomainFilters } from '../components/domain-filters.tsx';
import { DomainCards, DomainTable } from '../components/domain-list-views.tsx';
import type { RowAction } from '../components/domain-row-actions.tsx';
import { DomainTransferInDialog } from '../components/domain-transfer-in-dialog.tsx';
import { GroupsDialog } from '../components/groups-dialog.tsx';
import { NotesDialog } from '../components/notes-dialog.tsx';
import { RedeemDialog } from '../components/redeem-dialog.tsx';
import { RenewDialog } from '../components/renew-dialog.tsx';
import { SelectionBar } from '../components/selection-bar.tsx';
import { activeFilterCount, CLEAR_FILTERS, DOMAINS_PAGE_SIZE, filterFromParams, isFiltered } from '../lib/filter.ts';
import { isLocked } from '../lib/operations.ts';

type OpenDialog =
  | { kind: 'details' | 'notes' | 'group' | 'renew' | 'redeem'; domain: MyDomain }
  | { kind: 'batch'; action: DomainBatchAction; domains: MyDomain[] }
  | { kind: 'groups' }
  | { kind: 'transferIn' }
  | null;

/** The row's lock status as the server answered the request, until the list is fetched again. */
function patchLock(page: MyDomainsPage | undefined, name: string, lockStatus: MyDomain['lockStatus']) {
  if (!page) return page;
  return { ...page, items: page.items.map((d) => (d.name === name ? { ...d, lockStatus } : d)) };
}

/**
 * /console/domain/list: my domains with search, filters, sort and paging in the address; groups, notes, the
 * transfer lock (followed live while a change is under way), renewal, redemption, batch actions and transfer in.
 */
export function DomainListPage() {
  const { t } = useTranslation('domains');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useWideLayout(theme.breakpoints.up('md'));
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params, update] = useSearchPatch();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const filtered = isFiltered(filter);
  // On a phone the selects fold under a Filters button (open at first when one is already set).
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(filter) > 0);
  const filtersId = useId();

  const query = useDomains(filter);
  const groups = useDomainGroups();
  const data = query.data;
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, filter.page, DOMAINS_PAGE_SIZE, setPage);

  const [selected, setSelected] = useState<Map<string, MyDomain>>(() => new Map());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [lockBusy, setLockBusy] = useState<ReadonlySet<string>>(() => new Set());
  const lock = useSetTransferLock();
  // The server's clock, re-read each minute: 'transfer out possible from <date>' turns into 'possible now'.
  const nowMs = useServerNow(true, 60_000);

  const select = useCallback((domain: MyDomain, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(domain.name, domain);
      else next.delete(domain.name);
      return next;
    });
  }, []);
  const selectPage = useCallback(
    (on: boolean) => {
      setSelected((current) => {
        const next = new Map(current);
        for (const domain of data?.items ?? []) {
          if (on) next.set(domain.name, domain);
          else next.delete(domain.name);
        }
        return next;
      });
    },
    [data],
  );

  // mutateAsync per call: mutate()'s own callbacks would fire for the latest of several quick toggles only.
  const toggleLock = useCallback(
    async (domain: MyDomain, locked: boolean) => {
      setLockBusy((current) => new Set(current).add(domain.name));
      try {
        const answer = await lock.mutateAsync({ name: domain.name, locked });
        queryClient.setQueriesData<MyDomainsPage>({ queryKey: domainKeys.lists() }, (page) =>
          patchLock(page, domain.name, answer.lockStatus),
        );
        showToast(t(locked ? 'lockAction.lockRequested' : 'lockAction.unlockRequested', { name: domain.name }), 'info');
      } catch (error) {
        if (!isHandledByPipeline(error)) {
          const text = domainErrorText(error, locale);
          const title = t('lockAction.failed');
          showToast(text.startsWith(title) ? text : `${title}: ${text}`, 'error');
        }
      } finally {
        setLockBusy((current) => {
          const next = new Set(current);
          next.delete(domain.name);
          return next;
        });
      }
    },
    [lock.mutateAsync, queryClient, t, locale],
  );

  const onAction = useCallback(
    (action: RowAction, domain: MyDomain) => {
      if (action === 'lock') void toggleLock(domain, !isLocked(domain));
      else setDialog({ kind: action, domain });
    },
    [toggleLock],
  );

  const listProps = {
    items: data?.items ?? [],
    selected: new Set(selected.keys()),
    onSelect: select,
    onSelectPage: selectPage,
    onAction,
    onToggleLock: (domain: MyDomain, locked: boolean) => void toggleLock(domain, locked),
    lockBusy,
    nowMs,
  };

  const close = () => setDialog(null);

  return (
    <Box data-testid="domains-page">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-end' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.6 }}>
            {data && data.total > 0 && !filtered ? t('subtitleCount', { count: data.total }) : t('subtitle')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
          <Button variant="outlined" startIcon={<FolderOutlined />} onClick={() => setDialog({ kind: 'groups' })}>
            {t('groups.manage')}
          </Button>
          <Button
            variant="contained"
            startIcon={<MoveDownOutlined />}
            onClick={() => setDialog({ kind: 'transferIn' })}
          >
            {t('transferIn.open')}
          </Button>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
        <SearchField
          value={filter.keyword}
          onSearch={(q) => update({ q, page: null })}
          placeholder={t('search.placeholder')}
          label={t('search.label')}
          clearLabel={t('search.clear')}
          testId="domains-search"
          sx={{ width: { xs: '100%', md: 320 } }}
        />
        {wide ? (
          <DomainFilters filter={filter} groups={groups.data ?? []} update={update} />
        ) : (
          <>
            <Button
              variant="outlined"
              size="small"
              startIcon={<TuneRounded />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              sx={{ justifySelf: 'start' }}
            >
              {filtersOpen ? t('filters.hide') : t('filters.show', { count: activeFilterCount(filter) })}
            </Button>
            <Collapse in={filtersOpen} id={filtersId} unmountOnExit>
              <DomainFilters filter={filter} groups={groups.data ?? []} update={update} />
            </Collapse>
          </>
        )}
      </Box>

      <SelectionBar
        count={selected.size}
        onAction={(action) => setDialog({ kind: 'batch', action, domains: [...selected.values()] })}
        onClear={() => setSelected(new Map())}
      />

      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 72 }}
        empty={
          filtered ? (
            <EmptyState
              icon={<DnsOutlined />}
              title={t('empty.filteredTitle')}
              body={filter.keyword ? t('empty.filteredBody', { keyword: filter.keyword }) : t('empty.filteredAny')}
              action={{ label: t('empty.showAll'), onClick: () => update(CLEAR_FILTERS) }}
              testId="domains-empty"
            />
          ) : (
            <EmptyState
              icon={<DnsOutlined />}
              title={t('empty.title')}
              body={t('empty.body')}
              action={{ label: t('empty.browse'), to: '/sale' }}
              secondaryAction={{
                label: t('transferIn.open'),
                onClick: () => setDialog({ kind: 'transferIn' }),
                variant: 'outlined',
              }}
              testId="domains-empty"
            />
          )
        }
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: DOMAINS_PAGE_SIZE,
                page: filter.page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => (wide ? <DomainTable {...listProps} /> : <DomainCards {...listProps} />)}
      </PagedList>

      {dialog?.kind === 'details' ? <DomainDetailsDialog domain={dialog.domain} onClose={close} /> : null}
      {dialog?.kind === 'notes' ? <NotesDialog domain={dialog.domain} onClose={close} /> : null}
      {dialog?.kind === 'group' ? <AssignGroupDialog domain={dialog.domain} onClose={close} /> : null}
      {dialog?.kind === 'renew' ? <RenewDialog domain={dialog.domain} onClose={close} /> : null}
      {dialog?.kind === 'redeem' ? <RedeemDialog domain={dialog.domain} onClose={close} /> : null}
      {dialog?.kind === 'groups' ? (
        <GroupsDialog
          onClose={close}
          onShowGroup={(groupId) => {
            close();
            update({ group: groupId, page: null });
          }}
        />
      ) : null}
      {dialog?.kind === 'transferIn' ? <DomainTransferInDialog onClose={close} /> : null}
      {dialog?.kind === 'batch' ? (
        <BatchDialog
          action={dialog.action}
          domains={dialog.domains}
          onClose={close}
          onFinished={(report) => {
            if (report.failed.length === 0) setSelected(new Map());
          }}
        />
      ) : null}
    </Box>
  );
}
