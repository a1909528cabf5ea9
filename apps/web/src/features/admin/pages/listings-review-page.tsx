import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  type AdminListing,
  INDUSTRIES,
  type Industry,
  type ListingLogo,
  type ListingQueueQuery,
  type Locale,
  QUEUE_ASSIGNED_FILTERS,
  type QueueAssignedFilter,
  type QueuedListing,
  type ReviewDecision,
} from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { IdText } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDecideListingReview } from '../api/listing-review-decide.ts';
import { useListingQueue } from '../api/queue-listings.ts';
import { AdminList, usePendingReview } from '../components/admin-list.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { type DetailItem, DetailList, EmptyState } from '../components/layout-parts.tsx';
import { QueueClaimButton, QueueStateChips, useIsAdminOperator } from '../components/queue-state.tsx';
import { QueueToolbar } from '../components/queue-toolbar.tsx';
import { ReviewCard, Subheading } from '../components/review-card.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

const PAGE_SIZE = 10;
/** The queue's status filter; none: what waits for a person (new listings and modifications). */
const REVIEW_STATUSES = ['pending_review', 'modification_review', 'supplement_required'] as const;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const STATUS_TONE: Record<string, StatusTone> = {
  pending_review: 'warning',
  modification_review: 'info',
  supplement_required: 'default',
};

interface ReviewActionDef {
  decision: ReviewDecision;
  reason: 'none' | 'required';
  color: 'success' | 'warning' | 'error';
}
const ACTIONS: readonly ReviewActionDef[] = [
  { decision: 'approve', reason: 'none', color: 'success' },
  { decision: 'supplement', reason: 'required', color: 'warning' },
  { decision: 'reject', reason: 'required', color: 'error' },
];

/** A listing can be decided while it waits for review (new, or a modification of an approved one). */
function actionsFor(listing: AdminListing): readonly ReviewActionDef[] {
  return listing.status === 'pending_review' || listing.status === 'modification_review' ? ACTIONS : [];
}

function industryNames(keys: string[] | undefined, locale: Locale): string {
  if (!keys || keys.length === 0) return '';
  return keys
    .map((key) => (Object.hasOwn(INDUSTRIES, key) ? INDUSTRIES[key as Industry][locale] : key))
    .join(locale === 'zh-CN' ? '、' : ', ');
}

function LogoImage({ logo, domain }: { logo: ListingLogo | null | undefined; domain: string }) {
  const { t } = useTranslation('admin');
  if (!logo) return <span>{t('listings.noLogo')}</span>;
  return (
    <Box
      component="img"
      src={logo.url}
      alt={t('listings.logoAlt', { domain })}
      width={96}
      height={96}
      loading="lazy"
      sx={{
        display: 'block',
        objectFit: 'contain',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        bgcolor: 'background.paper',
      }}
    />
  );
}

function TextBlock({ text }: { text: string | undefined }) {
  const { t } = useTranslation('admin');
  return text?.trim() ? (
    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
      {text}
    </Box>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('listings.empty')}
    </Box>
  );
}

/** A modification beside the approved version: one row per changed part. */
function PendingChangesTable({ listing }: { listing: AdminListing }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const changes = listing.pendingChanges;
  if (!changes) return null;
  const rows: { key: string; label: string; approved: ReactNode; proposed: ReactNode }[] = [];
  if (changes.industries)
    rows.push({
      key: 'industries',
      label: t('listings.fields.industries'),
      approved: industryNames(listing.industries, locale) || '—',
      proposed: industryNames(changes.industries, locale) || '—',
    });
  if (changes.keywords)
    rows.push({
      key: 'keywords',
      label: t('listings.fields.keywords'),
      approved: listing.keywords.join(', ') || '—',
      proposed: changes.keywords.join(', ') || '—',
    });
  if (changes.descriptionZh !== undefined)
    rows.push({
      key: 'descriptionZh',
      label: t('listings.fields.descriptionZh'),
      approved: <TextBlock text={listing.descriptionZh} />,
      proposed: <TextBlock text={changes.descriptionZh} />,
    });
  if (changes.descriptionEn !== undefined)
    rows.push({
      key: 'descriptionEn',
      label: t('listings.fields.descriptionEn'),
      approved: <TextBlock text={listing.descriptionEn} />,
      proposed: <TextBlock text={changes.descriptionEn} />,
    });
  if (changes.logo)
    rows.push({
      key: 'logo',
      label: t('listings.fields.logo'),
      approved: <LogoImage logo={listing.logo} domain={listing.domain} />,
      proposed: <LogoImage logo={changes.logo} domain={listing.domain} />,
    });
  return (
    // On a phone the table scrolls sideways: a focusable, named region so a keyboard can scroll it too.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('listings.changes')}>
      <Table
        size="small"
        aria-label={t('listings.changes')}
        data-testid="listing-review-changes"
        sx={{ minWidth: 520 }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, color: 'text.secondary' } }}>
            <TableCell sx={{ width: 140 }}>{t('listings.changesField')}</TableCell>
            <TableCell>{t('listings.approved')}</TableCell>
            <TableCell>{t('listings.proposed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} sx={{ verticalAlign: 'top' }}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {row.label}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.approved}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', bgcolor: 'action.hover' }}>{row.proposed}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ListingDetails({ listing }: { listing: AdminListing }) {
  const { t, i18n } = useTranslation(['admin', 'listings']);
  const locale = useLocale();
  const lng = i18n.language;
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, lng));
  const seller: DetailItem[] = [
    {
      label: t('admin:fields.accountNo'),
      mono: true,
      value: (
        <Link component={RouterLink} to={`${ADMIN_PATHS.users}/${encodeURIComponent(listing.sellerAccountNo)}`}>
          {listing.sellerAccountNo}
        </Link>
      ),
    },
    { label: t('admin:fields.email'), value: listing.sellerEmail },
  ];
  const sale: DetailItem[] = [{ label: t('admin:listings.fields.mode'), value: t(`listings:mode.${listing.mode}`) }];
  if (listing.mode === 'auction') {
    sale.push(
      { label: t('admin:listings.fields.startPrice'), value: money(listing.startPriceCents) },
      { label: t('admin:listings.fields.reservePrice'), value: money(listing.reservePriceCents) },
      {
        label: t('admin:listings.fields.duration'),
        value: listing.durationDays === null ? null : t('admin:listings.days', { count: listing.durationDays }),
      },
    );
  } else {
    sale.push({ label: t('admin:listings.fields.price'), value: money(listing.priceCents) });
    if (listing.mode === 'offer')
      sale.push({ label: t('admin:listings.fields.floor'), value: money(listing.floorCents) });
  }
  sale.push({ label: t('admin:listings.fields.endOption'), value: t(`listings:endOption.${listing.endOption}`) });
  const ownership: DetailItem[] = [
    { label: t('admin:listings.fields.source'), value: t(`listings:source.${listing.source}`) },
    {
      label: t('admin:listings.fields.ownershipVerifiedAt'),
      value: listing.ownershipVerifiedAt
        ? formatDateTime(listing.ownershipVerifiedAt, lng)
        : listing.source === 'held'
          ? t('admin:listings.heldNoProof')
          : t('admin:listings.notVerified'),
    },
    { label: t('admin:listings.fields.submittedAt'), value: formatDateTime(listing.submittedAt, lng) },
    { label: t('admin:listings.fields.listingId'), value: listing.listingId, mono: true },
  ];
  if (listing.reviewReason)
    ownership.push({ label: t('admin:listings.fields.reviewReason'), value: listing.reviewReason, wide: true });
  const modification = listing.status === 'modification_review' && listing.pendingChanges;
  const presentation: DetailItem[] = [
    { label: t('admin:listings.fields.industries'), value: industryNames(listing.industries, locale) },
    { label: t('admin:listings.fields.keywords'), value: listing.keywords.join(', ') },
    { label: t('admin:listings.fields.descriptionZh'), value: listing.descriptionZh, wide: true },
    { label: t('admin:listings.fields.descriptionEn'), value: listing.descriptionEn, wide: true },
    {
      label: t('admin:listings.fields.logo'),
      value: <LogoImage logo={listing.logo} domain={listing.domain} />,
      wide: true,
    },
  ];

  return (
    <Box data-testid="listing-review-details">
      <Subheading>{t('admin:listings.seller')}</Subheading>
      <DetailList items={seller} />
      <Subheading>{t('admin:listings.sale')}</Subheading>
      <DetailList items={sale} />
      <Subheading>{t('admin:listings.ownership')}</Subheading>
      <DetailList items={ownership} />
      {modification ? (
        <>
          <Subheading>{t('admin:listings.changes')}</Subheading>
          <PendingChangesTable listing={listing} />
        </>
      ) : null}
      <Subheading>
        {modification ? t('admin:listings.approvedPresentation') : t('admin:listings.presentation')}
      </Subheading>
      <DetailList items={presentation} />
    </Box>
  );
}

/**
 * The queue's filters in the address: `status` (one of the three; none = waiting for a person), `q`, whose items
 * `assigned` (me / unassigned), `page`.
 */
function useReviewParams() {
  const [params, setParams] = useSearchParams();
  const status = enumParam(params.get('status'), REVIEW_STATUSES);
  const q = (params.get('q') ?? '').trim().slice(0, 253);
  const assigned = enumParam(params.get('assigned'), QUEUE_ASSIGNED_FILTERS);
  const page = pageParam(params.get('page'));
  const update = (next: {
    status?: ReviewStatus | undefined;
    q?: string | undefined;
    assigned?: QueueAssignedFilter | undefined;
    page?: number;
  }) => {
    const search = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) search.set('status', s);
    const text = ('q' in next ? (next.q ?? '') : q).trim();
    if (text) search.set('q', text);
    const whose = 'assigned' in next ? next.assigned : assigned;
    if (whose) search.set('assigned', whose);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    setParams(search);
  };
  return { status, q, assigned, page, update };
}

/**
 * /admin/listings: listings waiting for review (new ones and modifications of approved ones, oldest first), or
 * those asked for a supplement; approve, reject or ask for a supplement (a reason for the last two). Roles: support,
 * admin.
 */
export function ListingsReviewPage() {
  const { t, i18n } = useTranslation(['admin', 'listings']);
  usePageTitle(t('admin:listings.title'));
  const { status, q, assigned, page, update } = useReviewParams();
  const isAdmin = useIsAdminOperator();
  const query: ListingQueueQuery = {
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
    ...(assigned ? { assigned } : {}),
  };
  const list = useListingQueue(query);
  const decide = useDecideListingReview();
  const dialog = usePendingReview<QueuedListing, ReviewActionDef>();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const confirm = async (reason: string) => {
    if (!dialog.pending) return;
    const { item: listing, action } = dialog.pending;
    await decide.mutateAsync({
      listingId: listing.listingId,
      body: reason ? { decision: action.decision, reason } : { decision: action.decision },
    });
    // The listing leaves the queue at once; the refreshed page confirms it.
    setDecided((current) => new Set(current).add(listing.listingId));
    dialog.close();
    showToast(t(`admin:listings.done.${action.decision}`, { domain: listing.domain }), 'success');
  };
  const pending = dialog.pending;
  const data = list.data;
  const shown = data ? { ...data, items: data.items.filter((item) => !decided.has(item.listingId)) } : undefined;
  const listState = { ...list, data: shown };

  return (
    <Box data-testid="admin-listings-review" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <PageHeader title={t('admin:listings.title')} subtitle={t('admin:listings.subtitle')} />
      <AdminList
        query={listState}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(next) => update({ page: next })}
        filters={
          <QueueToolbar
            statuses={REVIEW_STATUSES}
            status={status}
            statusLabel={(value) => t(`listings:status.${value}`)}
            anyStatusLabel={t('admin:listings.queue.waiting')}
            onChange={(next) => update({ status: next.status })}
            search={{
              value: q,
              placeholder: t('admin:listings.searchPlaceholder'),
              onSearch: (text) => update({ q: text }),
            }}
            assigned={{ value: assigned, onChange: (whose) => update({ assigned: whose }) }}
            total={data?.total}
          />
        }
        skeleton={{ rows: 3 }}
        empty={
          <EmptyState
            title={q || status || assigned ? t('admin:listings.emptyFiltered') : t('admin:listings.emptyQueue')}
          />
        }
      >
        {(items) =>
          items.map((listing, index) => {
            const id = listing.listingId;
            const open = expanded[id] ?? index === 0;
            const actions = actionsFor(listing);
            return (
              <ReviewCard
                key={id}
                id={`listing-${id}`}
                testId="listing-review-item"
                expanded={open}
                onToggle={() => setExpanded((map) => ({ ...map, [id]: !open }))}
                heading={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Chip
                      component="span"
                      size="small"
                      label={t(`listings:mode.${listing.mode}`)}
                      sx={{ fontWeight: 600 }}
                    />
                    <Box component="span" sx={{ wordBreak: 'break-all' }}>
                      {listing.domain}
                    </Box>
                  </Box>
                }
                meta={
                  <Trans
                    t={t}
                    i18nKey="admin:listings.meta"
                    values={{
                      accountNo: listing.sellerAccountNo,
                      email: listing.sellerEmail,
                      time: formatDateTime(listing.submittedAt, i18n.language),
                    }}
                    components={{ id: <IdText /> }}
                  />
                }
                status={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <QueueStateChips queue="listings" state={listing.queue} />
                    <StatusChip
                      label={t(`listings:status.${listing.status}`)}
                      tone={STATUS_TONE[listing.status] ?? 'default'}
                      status={listing.status}
                      variant="outlined"
                    />
                  </Box>
                }
                actions={
                  actions.length > 0 ? (
                    <>
                      <QueueClaimButton queue="listings" entityId={id} state={listing.queue} isAdmin={isAdmin} />
                      {actions.map((action) => (
                        <Button
                          key={action.decision}
                          variant={action.decision === 'approve' ? 'contained' : 'outlined'}
                          color={action.color}
                          onClick={() => dialog.start(listing, action)}
                        >
                          {t(`admin:listings.action.${action.decision}`)}
                        </Button>
                      ))}
                    </>
                  ) : undefined
                }
              >
                <ListingDetails listing={listing} />
              </ReviewCard>
            );
          })
        }
      </AdminList>
      <ConfirmDialog
        open={dialog.open}
        onClose={dialog.close}
        title={pending ? t(`admin:listings.confirm.${pending.action.decision}.title`) : ''}
        reason={pending?.action.reason ?? 'none'}
        reasonLabel={t('admin:listings.reason')}
        confirmLabel={pending ? t(`admin:listings.action.${pending.action.decision}`) : ''}
        confirmColor={pending?.action.color}
        onConfirm={confirm}
        testId="listing-review-dialog"
      >
        {pending
          ? t(
              `admin:listings.confirm.${pending.action.decision}.${pending.item.status === 'modification_review' ? 'bodyChange' : 'body'}`,
              { domain: pending.item.domain, accountNo: pending.item.sellerAccountNo },
            )
          : null}
      </ConfirmDialog>
    </Box>
  );
}
