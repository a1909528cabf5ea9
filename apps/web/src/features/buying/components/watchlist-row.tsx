import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListCard } from '../../../components/card-list.tsx';

/**
 * One watched item as a rich row: the domain (a link) and its kind, the price, the time left, its status and the
 * actions. On phones the parts stack in two columns; on desktop they line up as columns.
 */
export function WatchRow({
  domain,
  to,
  linkLabel,
  kind,
  price,
  time,
  status,
  actions,
  testId,
  id,
}: {
  domain: string;
  to: string;
  linkLabel: string;
  kind: ReactNode;
  price: ReactNode;
  time: ReactNode;
  status: ReactNode;
  actions: ReactNode;
  testId: string;
  id: string;
}) {
  return (
    <ListCard data-testid={testId} data-id={id}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(180px, 1.4fr) 1fr 1fr 130px minmax(150px, auto)' },
        }}
      >
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <Link
            component={RouterLink}
            to={to}
            underline="hover"
            aria-label={linkLabel}
            sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere', lineHeight: 1.35 }}
          >
            {domain}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {kind}
          </Typography>
        </Box>
        <Box>{price}</Box>
        <Box>{time}</Box>
        <Box>{status}</Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: { xs: 'flex-start', md: 'flex-end' },
            gridColumn: { xs: '2 / 3', md: 'auto' },
          }}
        >
          {actions}
        </Box>
      </Box>
    </ListCard>
  );
}

/** A caption over a value in a WatchRow (the column heading on phones, where there is no table head). */
export function WatchField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.4 }}>
        {label}
      </Typography>
      {children}
    </>
  );
}

/** "Remove" with the domain in its accessible name. */
export function RemoveButton({ domain, pending, onClick }: { domain: string; pending: boolean; onClick: () => void }) {
  const { t } = useTranslation('watchlist');
  return (
    <Button
      size="small"
      color="inherit"
      variant="outlined"
      startIcon={<DeleteOutlineRounded />}
      disabled={pending}
      aria-label={t('remove.label', { domain })}
      onClick={onClick}
      sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
    >
      {t('remove.short')}
    </Button>
  );
}
