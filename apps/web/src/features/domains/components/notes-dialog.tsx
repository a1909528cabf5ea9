import TextField from '@mui/material/TextField';
import { DOMAIN_RULES, DomainSettingsBodySchema, type MyDomain } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback-store.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateDomainSettings } from '../api/update-domain-settings.ts';
import { fieldProblems } from '../lib/field-text.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';

/** Edits a domain's notes (POST /domains/:name/settings { notes }); an empty text clears them. */
export function NotesDialog({ domain, onClose }: { domain: MyDomain; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const locale = useLocale();
  const save = useUpdateDomainSettings();
  const [notes, setNotes] = useState(domain.notes ?? '');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async () => {
    const parsed = DomainSettingsBodySchema.safeParse({ notes });
    if (!parsed.success) {
      setProblem(fieldProblems(parsed.error, locale, { max: DOMAIN_RULES.notesMax }).notes);
      return;
    }
    try {
      await save.mutateAsync({ name: domain.name, body: parsed.data });
      showToast(t('notes.saved'), 'success');
      onClose();
    } catch {
      // Shown below (MutationError).
    }
  };

  return (
    <DialogFrame
      title={t('notes.title', { name: domain.name })}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      pending={save.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="notes-dialog"
    >
      <TextField
        label={t('notes.label')}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          setProblem(undefined);
        }}
        multiline
        minRows={3}
        fullWidth
        autoFocus
        sx={{ mt: 1 }}
        error={Boolean(problem)}
        helperText={problem ?? t('notes.help', { count: notes.trim().length, max: DOMAIN_RULES.notesMax })}
      />
      <DomainMutationError error={save.error} />
    </DialogFrame>
  );
}
