import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination, { type PaginationProps } from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isValidElement, type ReactElement, type ReactNode, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from './api-feedback/index.ts';

/**
 * The scaffolding of a console list that pages through the server's answers: placeholders while
 * loading, the error with a retry, 'nothing here', the faded list while the next page loads, and the page links.
 */

/** Placeholder rows (three unless told) of `height` px, announced as `label`. */
export function ListLoading({ label, height, rows = 3 }: { label: string; height: number; rows?: number }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, key) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={key} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

export interface EmptyAction {
  label: string;
  /** A link (contained button) … */
  to?: string;
  /** … or an action on the page (outlined button). */
  onClick?: () => void;
  /** The button's look when not the default above. */
  variant?: 'contained' | 'outlined';
}

function EmptyButton({ action }: { action: EmptyAction }) {
  const variant = action.variant ?? (action.to !== undefined ? 'contained' : 'outlined');
  return action.to !== undefined ? (
    <Button variant={variant} component={RouterLink} to={action.to}>
      {action.label}
    </Button>
  ) : (
    <Button variant={variant} onClick={action.onClick}>
      {action.label}
    </Button>
  );
}

/** Nothing to list, with a way on (usually to /sale, or back to every item when a filter found nothing). */
export function EmptyState({
  icon,
  title,
  body,
  action,
  secondaryAction,
  testId,
  bodyWidth = 480,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: EmptyAction | undefined;
  /** A second way on, beside the first. */
  secondaryAction?: EmptyAction | undefined;
  testId?: string;
  /** The widest the body text runs (px). */
  bodyWidth?: number;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid={testId}>
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 44 } }}>{icon}</Box>
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ mt: 0.5, typography: 'textMd', maxWidth: bodyWidth, mx: 'auto', lineHeight: 1.7 }}
      >
        {body}
      </Typography>
      {action ? (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 2.5 }}>
          <EmptyButton action={action} />
          {secondaryAction ? <EmptyButton action={secondaryAction} /> : null}
        </Box>
      ) : null}
    </Paper>
  );
}

/** Page links under a list, hidden when everything fits on one page. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
  compact,
  label,
  itemLabel,
  inCard = false,
  aside,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** Phones: no sibling pages beside the current one. */
  compact: boolean;
  /** The accessible name of the page links (MUI's own when left out). */
  label?: string;
  /** Accessible names of the page buttons ('Go to page 2'), when localised. */
  itemLabel?: PaginationProps['getItemAriaLabel'];
  /** Inside a card: small, plain page links. */
  inCard?: boolean;
  /** Shown at the start of the row, also when there is one page only (e.g. the number of items). */
  aside?: ReactNode;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1 && !aside) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: aside ? 'space-between' : 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        mt: aside ? 2 : inCard ? 1.5 : 2.5,
      }}
    >
      {aside}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, value) => onChange(value)}
          color={inCard ? 'standard' : 'primary'}
          shape={inCard ? 'circular' : 'rounded'}
          size={inCard ? 'small' : 'medium'}
          siblingCount={compact ? 0 : 1}
          aria-label={label}
          getItemAriaLabel={itemLabel}
        />
      ) : null}
    </Box>
  );
}

/** What PagedList reads of a TanStack query. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The body of a list from a query: `loading` while the first answer is on its way, the error with a retry,
 * `empty` when there is nothing, else `children()`; faded while the previous page stays on screen during a page
 * change.
 */
export function QueryBody({
  query,
  loading,
  empty,
  isEmpty,
  children,
}: {
  query: ListQueryState;
  loading: ReactNode;
  empty: ReactNode;
  isEmpty: boolean;
  children: () => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = loading;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (isEmpty) body = empty;
  else body = children();
  return (
    <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={query.isFetching}>
      {body}
    </Box>
  );
}

export type EmptyStateProps = Parameters<typeof EmptyState>[0];
export type PagerProps = Parameters<typeof Pager>[0];

/**
 * A console list: QueryBody with placeholder rows (`loading`), the EmptyState (`empty`), then the Pager (`pages`).
 * A list whose placeholder or empty view has its own shape passes that element instead of the props.
 */
export function PagedList({
  loading,
  empty,
  pages,
  ...body
}: {
  query: ListQueryState;
  loading: { label: string; height: number; rows?: number } | ReactElement;
  empty: EmptyStateProps | ReactElement;
  isEmpty: boolean;
  children: () => ReactNode;
  pages?: PagerProps | null;
}) {
  return (
    <>
      <QueryBody
        loading={isValidElement(loading) ? loading : <ListLoading {...loading} />}
        empty={isValidElement(empty) ? empty : <EmptyState {...empty} />}
        {...body}
      />
      {pages ? <Pager {...pages} /> : null}
    </>
  );
}

/**
 * A page past the end (items changed status meanwhile, or an old link): go to the last page there is, once
 * the answer says the page is empty while others are not.
 */
export function useLastPageFallback(
  data: { items: readonly unknown[]; total: number } | undefined,
  page: number,
  pageSize: number,
  setPage: (page: number) => void,
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled || !data || data.items.length > 0 || data.total === 0 || page === 1) return;
    setPage(Math.max(1, Math.ceil(data.total / pageSize)));
  }, [data, page, pageSize, setPage, enabled]);
}
