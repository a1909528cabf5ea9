import Alert from '@mui/material/Alert';
import type { MyDomain } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback-store.ts';
import { useDomainGroups } from '../api/get-domain-groups.ts';
import { useUpdateDomainSettings } from '../api/update-domain-settings.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';
import { GroupSelect, NO_GROUP } from './group-select.tsx';

/** Moves one domain to a group or out of any (POST /domains/:name/settings { groupId }). */
export function AssignGroupDialog({ domain, onClose }: { domain: MyDomain; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const groups = useDomainGroups();
  const save = useUpdateDomainSettings();
  const [groupId, setGroupId] = useState(domain.groupId ?? NO_GROUP);

  const submit = async () => {
    try {
      await save.mutateAsync({ name: domain.name, body: { groupId: groupId === NO_GROUP ? null : groupId } });
      showToast(t('assign.saved'), 'success');
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <DialogFrame
      title={t('assign.title', { name: domain.name })}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      pending={save.isPending}
      submitDisabled={!groups.data}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="assign-group-dialog"
    >
      {groups.isError ? <Alert severity="error">{t('groups.loadFailed')}</Alert> : null}
      <GroupSelect groups={groups.data ?? []} value={groupId} onChange={setGroupId} />
      <DomainMutationError error={save.error} />
    </DialogFrame>
  );
}
