import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOMAIN_SORTS, DOMAIN_STATUSES, type DomainGroup, LOCK_STATUSES } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import type { SearchPatch } from '../../../lib/use-search-patch.ts';
import { DEFAULT_DOMAIN_SORT, type DomainsFilter, EXPIRING_CHOICES, TLD_CHOICES, UNGROUPED } from '../lib/filter.ts';

const ALL = '';

function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 0 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Status, TLD, group (with 'ungrouped'), expiring within N days, lock and sort; each change goes to the address. */
export function DomainFilters({
  filter,
  groups,
  update,
}: {
  filter: DomainsFilter;
  groups: DomainGroup[];
  update: (patch: SearchPatch) => void;
}) {
  const { t } = useTranslation('domains');
  const set = (name: string) => (value: string) => update({ [name]: value || null, page: null });
  const all = { value: ALL, label: t('filters.all') };
  const tlds = filter.tld && !TLD_CHOICES.includes(filter.tld) ? [...TLD_CHOICES, filter.tld] : TLD_CHOICES;
  const expiring =
    filter.expiringWithinDays !== undefined &&
    !(EXPIRING_CHOICES as readonly number[]).includes(filter.expiringWithinDays)
      ? [...EXPIRING_CHOICES, filter.expiringWithinDays]
      : EXPIRING_CHOICES;
  const groupKnown =
    !filter.groupId || filter.groupId === UNGROUPED || groups.some((g) => g.groupId === filter.groupId);
  return (
    <Box
      role="group"
      aria-label={t('filters.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          sm: 'repeat(3, 1fr)',
          lg: 'repeat(5, minmax(0, 1fr)) minmax(0, 1.35fr)',
        },
        gap: 1.5,
      }}
    >
      <FilterSelect
        label={t('filters.status')}
        value={filter.status ?? ALL}
        onChange={set('status')}
        testId="filter-status"
        options={[all, ...DOMAIN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
      />
      <FilterSelect
        label={t('filters.tld')}
        value={filter.tld ?? ALL}
        onChange={set('tld')}
        testId="filter-tld"
        options={[all, ...tlds.map((tld) => ({ value: tld, label: `.${tld}` }))]}
      />
      <FilterSelect
        label={t('filters.group')}
        value={groupKnown ? (filter.groupId ?? ALL) : ALL}
        onChange={set('group')}
        testId="filter-group"
        options={[
          all,
          { value: UNGROUPED, label: t('group.none') },
          ...groups.map((g) => ({ value: g.groupId, label: g.name })),
        ]}
      />
      <FilterSelect
        label={t('filters.expiring')}
        value={filter.expiringWithinDays === undefined ? ALL : String(filter.expiringWithinDays)}
        onChange={set('expiring')}
        testId="filter-expiring"
        options={[
          { value: ALL, label: t('filters.anyTime') },
          ...expiring.map((days) => ({ value: String(days), label: t('filters.withinDays', { count: days }) })),
        ]}
      />
      <FilterSelect
        label={t('filters.lock')}
        value={filter.lock ?? ALL}
        onChange={set('lock')}
        testId="filter-lock"
        options={[all, ...LOCK_STATUSES.map((s) => ({ value: s, label: t(`lock.${s}`) }))]}
      />
      <FilterSelect
        label={t('filters.sort')}
        value={filter.sort ?? DEFAULT_DOMAIN_SORT}
        onChange={(value) => update({ sort: value === DEFAULT_DOMAIN_SORT ? null : value, page: null })}
        testId="filter-sort"
        options={DOMAIN_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
      />
    </Box>
  );
}
