import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Page } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListQueryState, PagedList } from '../../../components/paged-list';
import type { ReviewAction } from '../lib/actions';
import { enumParam, pageParam } from '../lib/list-params';
import { ListSkeleton } from './layout-parts';
import { ListPager } from './queue-toolbar';
import { ReviewCard } from './review-card';

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
  empty: ReactNode;
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
        pager={
          query.data ? <ListPager page={page} total={query.data.total} pageSize={pageSize} onChange={onPage} /> : null
        }
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
 * `status`, and `page`. `update` writes a change (a new queue or status starts at page 1).
 */
export function useQueueParams<Q extends string, S extends string>(queue0: Q, statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const queue: Q | 'all' = params.get('queue') === 'all' ? 'all' : queue0;
  const status = queue === 'all' ? enumParam(params.get('status'), statuses) : undefined;
  const page = pageParam(params.get('page'));
  const update = (next: { queue?: Q | 'all'; status?: S; page?: number }) => {
    const search = new URLSearchParams();
    const q = next.queue ?? queue;
    if (q === 'all') search.set('queue', 'all');
    const s = 'status' in next ? next.status : status;
    if (q === 'all' && s) search.set('status', s);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };
  return { queue, status, page, update };
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

/**
 * A review queue: one ReviewCard per entry (the first one open), with a button per action the entry's status
 * allows.
 */
export function ReviewQueue<T, A extends ReviewAction<string, string>>({
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
}: {
  items: T[];
  idOf: (item: T) => string;
  /** Element ids: `<idPrefix>-<id>`. */
  idPrefix: string;
  testId: string;
  heading: (item: T) => ReactNode;
  meta: (item: T) => ReactNode;
  status: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  actionsOf: (item: T) => A[];
  actionLabel: (action: A) => string;
  actionVariant: (action: A) => 'contained' | 'outlined';
  onAction: (item: T, action: A) => void;
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
          actions.length > 0
            ? actions.map((action) => (
                <Button
                  key={action.action}
                  variant={actionVariant(action)}
                  color={action.color}
                  onClick={() => onAction(item, action)}
                >
                  {actionLabel(action)}
                </Button>
              ))
            : undefined
        }
      >
        {details(item)}
      </ReviewCard>
    );
  });
}
