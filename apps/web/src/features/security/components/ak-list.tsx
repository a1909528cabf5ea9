import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { IdText } from '../../../components/id-text.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteAccessKey } from '../api/delete-ak.ts';
import { type AccessKey, AK_STATUS, isKeyEnabled } from '../api/get-ak.ts';
import { useUpdateAkStatus } from '../api/update-ak-status.ts';
import { AllowListDialog } from './allow-list-dialog.tsx';
import { ConfirmWordDialog } from './confirm-word-dialog.tsx';

function KeyCard({
  accessKey,
  onEditAllowList,
  onDelete,
}: {
  accessKey: AccessKey;
  onEditAllowList: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('security');
  const status = useUpdateAkStatus();
  const enabled = isKeyEnabled(accessKey);
  const shown = accessKey.ipWhiteList.slice(0, 6);

  const toggle = async (next: boolean) => {
    try {
      await status.mutateAsync({ keyId: accessKey.keyId, status: next ? AK_STATUS.enabled : AK_STATUS.disabled });
      showToast(next ? t('ak.enabledToast') : t('ak.disabledToast'), 'success');
    } catch {
      // The pipeline shows a toast; the switch snaps back.
    }
  };

  return (
    <Paper variant="outlined" component="li" sx={{ p: { xs: 2, md: 2.5 }, listStyle: 'none' }} data-testid="ak-row">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t('ak.keyId')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700, typography: 'textLg' }}>
              <IdText wrap>{accessKey.keyId}</IdText>
            </Typography>
            <Chip
              size="small"
              label={enabled ? t('ak.status.enabled') : t('ak.status.disabled')}
              color={enabled ? 'success' : 'default'}
              sx={{ height: 20, typography: 'text2xs', fontWeight: 700 }}
            />
          </Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.75 }}>
            {t('ak.createdAt')}: {formatDateTime(accessKey.createdAt)} · {t('ak.lastUsedAt')}:{' '}
            {accessKey.lastUsedAt ? formatDateTime(accessKey.lastUsedAt) : t('ak.neverUsed')}
          </Typography>
        </Box>
        <FormControlLabel
          sx={{ mr: 0 }}
          labelPlacement="start"
          label={t('ak.enabled')}
          control={
            <Switch
              checked={enabled}
              disabled={status.isPending}
              onChange={(_event, next) => void toggle(next)}
              slotProps={{ input: { 'aria-label': `${t('ak.enabled')} ${accessKey.keyId}` } as object }}
            />
          }
        />
      </Box>
      <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <PublicRounded fontSize="small" sx={{ color: 'text.secondary' }} />
          <Typography sx={{ fontWeight: 600, typography: 'textMd' }}>
            {t('ak.allowList.title')} ({accessKey.ipWhiteList.length})
          </Typography>
        </Box>
        {accessKey.ipWhiteList.length === 0 ? (
          <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
            {t('ak.allowList.none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {shown.map((entry) => (
              <Chip key={entry} size="small" variant="outlined" label={entry} sx={{ fontFamily: MONO_FONT_FAMILY }} />
            ))}
            {accessKey.ipWhiteList.length > shown.length ? (
              <Chip size="small" label={`+${accessKey.ipWhiteList.length - shown.length}`} />
            ) : null}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
          <Button size="small" variant="outlined" onClick={onEditAllowList}>
            {t('ak.allowList.edit')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineRounded />} onClick={onDelete}>
            {t('ak.delete')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

export function AkList({ keys }: { keys: AccessKey[] }) {
  const { t } = useTranslation('security');
  const [editing, setEditing] = useState<AccessKey | null>(null);
  const [deleting, setDeleting] = useState<AccessKey | null>(null);
  const remove = useDeleteAccessKey();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.keyId);
      showToast(t('ak.deleted'), 'success');
      setDeleting(null);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <>
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {keys.map((accessKey) => (
          <KeyCard
            key={accessKey.keyId}
            accessKey={accessKey}
            onEditAllowList={() => setEditing(accessKey)}
            onDelete={() => {
              remove.reset();
              setDeleting(accessKey);
            }}
          />
        ))}
      </Box>
      <AllowListDialog accessKey={editing} onClose={() => setEditing(null)} />
      <ConfirmWordDialog
        open={deleting !== null}
        title={t('ak.deleteTitle')}
        body={t('ak.deleteBody', { keyId: deleting?.keyId ?? '' })}
        confirmLabel={t('ak.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
