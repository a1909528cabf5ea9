import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  type Page,
  type PayeeStatus,
  QUEUE_ASSIGNED_FILTERS,
  type QueueAssignedFilter,
  type QueueState,
  type SettlementStatus,
} from '@namebourse/contract';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ListQueryState, PagedList } from '../../../components/paged-list.tsx';
import type { ReviewAction } from '../lib/actions.ts';
import { enumParam, pageParam } from '../lib/list-params.ts';
import { EmptyState, ListSkeleton } from './layout-parts.tsx';
import { QueueClaimButton, QueueStateChips, useIsAdminOperator } from './queue-state.tsx';
import { QueueToolbar } from './queue-toolbar.tsx';
import { ReviewCard } from './review-card.tsx';
import { StatusChip } from './status-chip.tsx';

/**
 * A list page of the operator console (the review queues, lots, deliveries): its filters, then placeholders, the
 * error with a retry, 'nothing here' or the items (faded while the next page loads), then the page links.
 */
export function AdminList<T>({
  query,
  page,
  pageSize,
  onPage,
  filters,
  skeleton,
  empty,
  children,
}: {
  query: ListQueryState & { data?: Page<T> };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The filter row above the list (QueueToolbar or FilterBar). */
  filters: ReactNode;
  skeleton: { rows: number; height?: number };
  /** What shows when there is nothing (an EmptyState). */
  empty: ReactElement;
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data?.items ?? [];
  return (
    <Box>
      {filters}
      <PagedList
        query={query}
        loading={<ListSkeleton {...skeleton} />}
        isEmpty={items.length === 0}
        empty={empty}
        pages={query.data ? { page, total: query.data.total, pageSize, onChange: onPage, compact: true } : null}
      >
        {() => children(items)}
      </PagedList>
    </Box>
  );
}

/** Filters on the left (stacked on phones), the number of matches on the right. */
export function FilterBar({ children, total }: { children: ReactNode; total?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
      {children}
      <Box sx={{ flex: 1 }} />
      {total}
    </Box>
  );
}

/**
 * The filters of a review queue in the address: `queue=all` (else the queue shortcut `queue0`), with 'all' a
 * `status`, the search `q`, whose items `assigned` (me / unassigned), and `page`. `update` writes a change (a
 * new filter starts at page 1).
 */
export function useQueueParams<Q extends string, S extends string>(queue0: Q, statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const queue: Q | 'all' = params.get('queue') === 'all' ? 'all' : queue0;
  const status = queue === 'all' ? enumParam(params.get('status'), statuses) : undefined;
  const q = params.get('q')?.trim().slice(0, 253) || undefined;
  const assigned = enumParam(params.get('assigned'), QUEUE_ASSIGNED_FILTERS);
  const page = pageParam(params.get('page'));
  const update = (next: {
    queue?: Q | 'all';
    status?: S | undefined;
    q?: string | undefined;
    assigned?: QueueAssignedFilter | undefined;
    page?: number;
  }) => {
    const search = new URLSearchParams();
    const nextQueue = next.queue ?? queue;
    if (nextQueue === 'all') search.set('queue', 'all');
    const s = 'status' in next ? next.status : status;
    if (nextQueue === 'all' && s) search.set('status', s);
    const text = 'q' in next ? next.q : q;
    if (text) search.set('q', text);
    const whose = 'assigned' in next ? next.assigned : assigned;
    if (whose) search.set('assigned', whose);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };
  return { queue, status, q, assigned, page, update };
}

/** The action an operator chose on an entry, kept while its confirmation is open (and while it closes). */
export function usePendingReview<T, A>() {
  const [pending, setPending] = useState<{ item: T; action: A } | null>(null);
  const [open, setOpen] = useState(false);
  return {
    /** The last chosen action: the dialog keeps showing it while it closes. */
    pending,
    open: open && pending !== null,
    start: (item: T, action: A) => {
      setPending({ item, action });
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

interface ReviewQueueProps<T, A> {
  idOf: (item: T) => string;
  /** Element ids: `<idPrefix>-<id>`. */
  idPrefix: string;
  testId: string;
  heading: (item: T) => ReactNode;
  meta: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  actionsOf: (item: T) => A[];
  actionVariant: (action: A) => 'contained' | 'outlined';
  onAction: (item: T, action: A) => void;
}

/**
 * A review queue page's list (payees, settlements): the queue layout's filters (queue / all with a status, search,
 * whose items), then one ReviewCard per entry (the first one open) with its age and reviewer, the take / give back
 * button and a button per action the entry's status allows, then page links.
 * Texts: admin `<section>.queue.*`, `<section>.emptyQueue` / `emptyAll`, `<section>.action.*`.
 */
export function ReviewQueueList<
  Q extends string,
  S extends PayeeStatus | SettlementStatus,
  T extends { status: S },
  A extends ReviewAction<string, string>,
>({
  section,
  queues,
  statuses,
  params,
  list,
  pageSize,
  searchPlaceholder,
  stateOf,
  ...queue
}: ReviewQueueProps<T, A> & {
  section: 'payees' | 'settlements';
  searchPlaceholder: string;
  /** The entry's age and reviewer. */
  stateOf: (item: T) => QueueState;
  queues: readonly [Q, 'all'];
  statuses: readonly S[];
  params: ReturnType<typeof useQueueParams<Q, S>>;
  list: ListQueryState & { data?: Page<T> };
  pageSize: number;
}) {
  const { t } = useTranslation('admin');
  const isAdmin = useIsAdminOperator();
  const { update } = params;
  const filtered = params.queue === 'all' || params.q !== undefined || params.assigned !== undefined;
  return (
    <AdminList
      query={list}
      page={params.page}
      pageSize={pageSize}
      onPage={(next) => update({ page: next })}
      filters={
        <QueueToolbar
          queues={queues}
          queue={params.queue}
          queueLabel={(value) => t(`${section}.queue.${value}`)}
          statuses={statuses}
          status={params.status}
          onChange={(next) => update({ queue: next.queue, status: next.status })}
          search={{ value: params.q ?? '', placeholder: searchPlaceholder, onSearch: (q) => update({ q }) }}
          assigned={{ value: params.assigned, onChange: (assigned) => update({ assigned }) }}
          total={list.data?.total}
        />
      }
      skeleton={{ rows: 3 }}
      empty={<EmptyState title={filtered ? t(`${section}.emptyAll`) : t(`${section}.emptyQueue`)} />}
    >
      {(items) => (
        <ReviewQueue
          items={items}
          status={(item) => (
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
              <QueueStateChips queue={section} state={stateOf(item)} />
              <StatusChip status={item.status} />
            </Box>
          )}
          claim={(item) => (
            <QueueClaimButton queue={section} entityId={queue.idOf(item)} state={stateOf(item)} isAdmin={isAdmin} />
          )}
          actionLabel={(action) => t(`${section}.action.${action.action}`)}
          {...queue}
        />
      )}
    </AdminList>
  );
}

function ReviewQueue<T, A extends ReviewAction<string, string>>({
  items,
  idOf,
  idPrefix,
  testId,
  heading,
  meta,
  status,
  details,
  actionsOf,
  actionLabel,
  actionVariant,
  onAction,
  claim,
}: ReviewQueueProps<T, A> & {
  items: T[];
  status: (item: T) => ReactNode;
  claim: (item: T) => ReactNode;
  actionLabel: (action: A) => string;
}) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const isOpen = (item: T, index: number) => expanded[idOf(item)] ?? index === 0;
  return items.map((item, index) => {
    const id = idOf(item);
    const actions = actionsOf(item);
    return (
      <ReviewCard
        key={id}
        id={`${idPrefix}-${id}`}
        testId={testId}
        expanded={isOpen(item, index)}
        onToggle={() => setExpanded((map) => ({ ...map, [id]: !isOpen(item, index) }))}
        heading={heading(item)}
        meta={meta(item)}
        status={status(item)}
        actions={
          actions.length > 0 ? (
            <>
              {claim(item)}
              {actions.map((action) => (
                <Button
                  key={action.action}
                  variant={actionVariant(action)}
                  color={action.color}
                  onClick={() => onAction(item, action)}
                >
                  {actionLabel(action)}
                </Button>
              ))}
            </>
          ) : undefined
        }
      >
        {details(item)}
      </ReviewCard>
    );
  });
}
