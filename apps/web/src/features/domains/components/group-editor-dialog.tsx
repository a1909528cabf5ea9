import TextField from '@mui/material/TextField';
import { DOMAIN_RULES, type DomainGroup, DomainGroupCreateSchema, DomainGroupUpdateSchema } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback-store.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSaveDomainGroup } from '../api/save-domain-group.ts';
import { fieldProblems } from '../lib/field-text.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';

/** Creates a group (`group` null) or renames and describes one. */
export function GroupEditorDialog({ group, onClose }: { group: DomainGroup | null; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const locale = useLocale();
  const save = useSaveDomainGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = async () => {
    const schema = group ? DomainGroupUpdateSchema : DomainGroupCreateSchema;
    const parsed = schema.safeParse({ name, description });
    if (!parsed.success) {
      setProblems({
        ...fieldProblems(parsed.error, locale, { max: DOMAIN_RULES.groupNameMax }),
        ...(parsed.error.issues.some((i) => i.path[0] === 'description')
          ? {
              description:
                fieldProblems(parsed.error, locale, { max: DOMAIN_RULES.groupDescriptionMax }).description ?? '',
            }
          : {}),
      });
      return;
    }
    try {
      await save.mutateAsync({ groupId: group?.groupId ?? null, body: parsed.data });
      showToast(group ? t('groups.saved') : t('groups.created'), 'success');
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <DialogFrame
      title={group ? t('groups.editTitle', { name: group.name }) : t('groups.createTitle')}
      submitLabel={group ? t('actions.save') : t('groups.create')}
      cancelLabel={t('actions.cancel')}
      pending={save.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="group-editor-dialog"
    >
      <TextField
        label={t('groups.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblems({});
        }}
        fullWidth
        autoFocus
        required
        sx={{ mt: 1 }}
        error={Boolean(problems.name)}
        helperText={problems.name}
        slotProps={{ htmlInput: { maxLength: DOMAIN_RULES.groupNameMax + 10 } }}
      />
      <TextField
        label={t('groups.description')}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setProblems({});
        }}
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 2 }}
        error={Boolean(problems.description)}
        helperText={problems.description}
      />
      <DomainMutationError error={save.error} />
    </DialogFrame>
  );
}
