import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DOMAIN_RULES, type DomainGroup } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { useDeleteDomainGroup } from '../api/delete-domain-group.ts';
import { useDomainGroups } from '../api/get-domain-groups.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { GroupEditorDialog } from './group-editor-dialog.tsx';

/** The groups with their domain counts: create, rename and describe, delete (its domains become ungrouped). */
export function GroupsDialog({
  onClose,
  onShowGroup,
}: {
  onClose: () => void;
  onShowGroup: (groupId: string) => void;
}) {
  const { t } = useTranslation('domains');
  const groups = useDomainGroups();
  const remove = useDeleteDomainGroup();
  const [editing, setEditing] = useState<DomainGroup | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<DomainGroup | null>(null);
  const items = groups.data ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.groupId);
      showToast(t('groups.deleted', { name: deleting.name }), 'success');
      setDeleting(null);
    } catch {
      // Shown in the confirmation.
    }
  };

  return (
    <>
      <DialogFrame
        title={t('groups.title')}
        cancelLabel={t('actions.close')}
        onClose={onClose}
        testId="groups-dialog"
        maxWidth="sm"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography color="text.secondary" sx={{ flex: 1, typography: 'textMd' }}>
            {t('groups.hint', { count: items.length, max: DOMAIN_RULES.groupsMax })}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Add />}
            onClick={() => setEditing(null)}
            disabled={items.length >= DOMAIN_RULES.groupsMax}
          >
            {t('groups.new')}
          </Button>
        </Box>
        {groups.isPending ? (
          <Box role="status" aria-label={t('loading')}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : groups.isError ? (
          <ErrorView error={groups.error} onRetry={() => void groups.refetch()} />
        ) : items.length === 0 ? (
          <Typography sx={{ py: 3, textAlign: 'center', typography: 'textMd' }} color="text.secondary">
            {t('groups.empty')}
          </Typography>
        ) : (
          <List aria-label={t('groups.title')} dense>
            {items.map((group) => (
              <ListItem
                key={group.groupId}
                divider
                data-testid="group-item"
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <IconButton
                      size="small"
                      aria-label={t('groups.edit', { name: group.name })}
                      onClick={() => setEditing(group)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('groups.delete', { name: group.name })}
                      onClick={() => setDeleting(group)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Box>
                }
                sx={{ pr: 11 }}
              >
                <ListItemText
                  primary={
                    <Button
                      variant="text"
                      size="small"
                      onClick={() => onShowGroup(group.groupId)}
                      sx={{ p: 0, minWidth: 0, fontWeight: 700, textAlign: 'left', justifyContent: 'flex-start' }}
                      aria-label={t('groups.show', { name: group.name, count: group.domainCount })}
                    >
                      {group.name}
                    </Button>
                  }
                  secondary={
                    <>
                      {t('groups.count', { count: group.domainCount })}
                      {group.description ? ` · ${group.description}` : ''}
                    </>
                  }
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogFrame>
      {editing !== undefined ? <GroupEditorDialog group={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('groups.deleteTitle', { name: deleting?.name ?? '' })}
        warning={t('groups.deleteBody', { count: deleting?.domainCount ?? 0 })}
        confirmLabel={t('groups.deleteConfirm')}
        cancelLabel={t('actions.cancel')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        testId="group-delete-dialog"
      />
    </>
  );
}
