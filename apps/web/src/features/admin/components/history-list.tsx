import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { isKnownHistoryAction } from '../lib/history.ts';

/** The recorded changes of a payee, settlement or user: when, who (with role), what, from → to, why. */
export function HistoryList({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {t('history.empty')}
      </Typography>
    );
  }
  const status = (value: string | null) => (value ? t(`status.${value}`, { defaultValue: value }) : null);
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0 }} data-testid="admin-history">
      {entries.map((entry, index) => {
        const from = status(entry.fromStatus);
        const to = status(entry.toStatus);
        return (
          <Box
            component="li"
            key={entry.id}
            sx={{
              position: 'relative',
              pl: 2.5,
              pb: index === entries.length - 1 ? 0 : 1.5,
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 4,
                top: 6,
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: index === 0 ? 'primary.main' : 'divider',
              },
              '&::after':
                index === entries.length - 1
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      left: 7.5,
                      top: 16,
                      bottom: 0,
                      width: '1px',
                      bgcolor: 'divider',
                    },
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600, typography: 'textMd' }}>
                {isKnownHistoryAction(entry.action) ? t(`history.action.${entry.action}`) : entry.action}
              </Typography>
              {from || to ? (
                <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                  {from && to ? t('history.fromTo', { from, to }) : (to ?? from)}
                </Typography>
              ) : null}
            </Box>
            <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
              {t('history.by', {
                time: formatDateTime(entry.createdAt, i18n.language),
                actor: entry.actor,
                role: t(`role.${entry.actorRole}`, { defaultValue: entry.actorRole }),
              })}
            </Typography>
            {entry.reason ? (
              <Typography sx={{ typography: 'textMd', mt: 0.25, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                {t('history.reason', { reason: entry.reason })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
