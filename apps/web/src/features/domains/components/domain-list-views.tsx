import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MyDomain } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { formatMoney } from '../../../lib/format.ts';
import {
  DomainStatusChip,
  dateText,
  LockControl,
  NameExtras,
  PendingOperation,
  TransferOutText,
} from './domain-cells.tsx';
import { DomainRowActions, type RowAction } from './domain-row-actions.tsx';

export interface DomainListProps {
  items: MyDomain[];
  selected: ReadonlySet<string>;
  onSelect: (domain: MyDomain, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  onAction: (action: RowAction, domain: MyDomain) => void;
  onToggleLock: (domain: MyDomain, locked: boolean) => void;
  /** Names whose lock request is on its way. */
  lockBusy: ReadonlySet<string>;
  nowMs: number;
}

const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function SelectBox({ domain, props }: { domain: MyDomain; props: DomainListProps }) {
  const { t } = useTranslation('domains');
  return (
    <Checkbox
      size="small"
      checked={props.selected.has(domain.name)}
      onChange={(event) => props.onSelect(domain, event.target.checked)}
      slotProps={{ input: { 'aria-label': t('select.one', { name: domain.name }) } }}
    />
  );
}

function pageSelection(props: DomainListProps) {
  const chosen = props.items.filter((d) => props.selected.has(d.name)).length;
  return { all: chosen > 0 && chosen === props.items.length, some: chosen > 0 && chosen < props.items.length };
}

export function DomainTable(props: DomainListProps) {
  const { t } = useTranslation('domains');
  const { all, some } = pageSelection(props);
  return (
    <ListTable
      label={t('title')}
      minWidth={900}
      headPadding
      headNowrap
      head={
        <>
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={all}
              indeterminate={some}
              onChange={(event) => props.onSelectPage(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('select.page') } }}
            />
          </TableCell>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell>{t('columns.status')}</TableCell>
          <TableCell>{t('columns.lock')}</TableCell>
          <TableCell>{t('columns.expiresAt')}</TableCell>
          <TableCell>{t('columns.renewalPrice')}</TableCell>
          <TableCell>{t('columns.transferOut')}</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              {t('columns.actions')}
            </Box>
          </TableCell>
        </>
      }
    >
      <TableBody>
        {props.items.map((domain) => (
          <TableRow
            key={domain.domainId}
            hover
            selected={props.selected.has(domain.name)}
            data-testid="domain-row"
            data-domain={domain.name}
            sx={{ '& td': { py: 1.25, verticalAlign: 'top' } }}
          >
            <TableCell padding="checkbox">
              <SelectBox domain={domain} props={props} />
            </TableCell>
            <TableCell sx={{ minWidth: 210, maxWidth: 300 }}>
              <Typography sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'anywhere' }}>
                {domain.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {domain.registrar} · {domain.group ?? t('group.none')}
              </Typography>
              <NameExtras domain={domain} />
            </TableCell>
            <TableCell>
              <StatusCellCompact domain={domain} />
            </TableCell>
            <TableCell>
              <LockControl domain={domain} busy={props.lockBusy.has(domain.name)} onToggle={props.onToggleLock} />
            </TableCell>
            <TableCell sx={cell}>
              {dateText(domain.expiresAt)}
              <Typography variant="caption" color="text.secondary" component="div">
                {t('registeredOn', { date: dateText(domain.registeredAt) })}
              </Typography>
            </TableCell>
            <TableCell sx={cell}>{t('perYear', { price: formatMoney(domain.renewalPriceCents) })}</TableCell>
            <TableCell sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', minWidth: 124, maxWidth: 150 }}>
              <TransferOutText domain={domain} nowMs={props.nowMs} />
            </TableCell>
            <TableCell align="right">
              <DomainRowActions domain={domain} onAction={props.onAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

/** Read by screen readers only (px strings: a bare 1 in sx would mean 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function StatusCellCompact({ domain }: { domain: MyDomain }) {
  const { t } = useTranslation('domains');
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <DomainStatusChip domain={domain} />
      <PendingOperation domain={domain} />
      {domain.redeemable ? (
        <Typography
          component="span"
          title={t('redeemable', { price: formatMoney(domain.redemptionPriceCents) })}
          sx={{ typography: 'textSm', color: 'error.dark', fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {t('redeemableShort')}
        </Typography>
      ) : null}
    </Box>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function DomainCards(props: DomainListProps) {
  const { t } = useTranslation('domains');
  const { all, some } = pageSelection(props);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, ml: -0.5 }}>
        <Checkbox
          size="small"
          checked={all}
          indeterminate={some}
          onChange={(event) => props.onSelectPage(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('select.page') } }}
        />
        <Typography sx={{ typography: 'textMd' }} aria-hidden>
          {t('select.pageShort')}
        </Typography>
      </Box>
      <CardList>
        {props.items.map((domain) => (
          <ListCard
            key={domain.domainId}
            selected={props.selected.has(domain.name)}
            data-testid="domain-row"
            data-domain={domain.name}
          >
            <CardHead
              start={
                <Box sx={{ ml: -1, mt: -0.75 }}>
                  <SelectBox domain={domain} props={props} />
                </Box>
              }
              end={
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mt: -0.5, mr: -1 }}>
                  <DomainStatusChip domain={domain} />
                  <DomainRowActions domain={domain} onAction={props.onAction} />
                </Box>
              }
            >
              <Typography sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere' }}>
                {domain.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {domain.registrar}
                {domain.group ? ` · ${domain.group}` : ''}
              </Typography>
              <PendingOperation domain={domain} />
              <NameExtras domain={domain} />
            </CardHead>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
              <Field label={t('columns.lock')} wide>
                <LockControl domain={domain} busy={props.lockBusy.has(domain.name)} onToggle={props.onToggleLock} />
              </Field>
              <Field label={t('columns.expiresAt')}>{dateText(domain.expiresAt)}</Field>
              <Field label={t('columns.registeredAt')}>{dateText(domain.registeredAt)}</Field>
              <Field label={t('columns.renewalPrice')}>
                {t('perYear', { price: formatMoney(domain.renewalPriceCents) })}
              </Field>
              <Field label={t('columns.transferOut')}>
                <TransferOutText domain={domain} nowMs={props.nowMs} />
              </Field>
              {domain.redeemable ? (
                <Field label={t('columns.redeemable')} wide>
                  {t('redeemable', { price: formatMoney(domain.redemptionPriceCents) })}
                </Field>
              ) : null}
            </Box>
          </ListCard>
        ))}
      </CardList>
    </>
  );
}
