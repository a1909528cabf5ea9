import { zodResolver } from '@hookform/resolvers/zod';
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import type { AccessKey } from '../api/get-ak.ts';
import { useUpdateAkIpWhiteList } from '../api/update-ak-ip-whitelist.ts';
import { type AllowListForm, allowListSchema } from '../lib/forms.ts';
import { addIpEntries, MAX_ALLOW_LIST_ENTRIES } from '../lib/ip-allowlist.ts';

/** Server codes of the allow-list call mapped to texts of this page; anything else shows the server's message. */
const SERVER_CODES: Record<string, string> = {
  'Request.Invalid': 'ak.allowList.invalid',
};

export function AllowListDialog({ accessKey, onClose }: { accessKey: AccessKey | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const update = useUpdateAkIpWhiteList();
  const form = useForm<AllowListForm>({
    resolver: zodResolver(allowListSchema),
    defaultValues: { ipWhiteList: [], input: '' },
  });
  const { control, reset, setValue, getValues, handleSubmit } = form;
  const [list, input] = useWatch({ control, name: ['ipWhiteList', 'input'] });
  /** What adding refused (bad, repeated or one too many entries), or why saving waits. */
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    if (accessKey) {
      reset({ ipWhiteList: accessKey.ipWhiteList, input: '' });
      setProblems([]);
      update.reset();
    }
  }, [accessKey, reset, update.reset]);

  const add = () => {
    const result = addIpEntries(getValues('ipWhiteList'), getValues('input'));
    setValue('ipWhiteList', result.list);
    setValue('input', result.rejected.map((item) => item.entry).join(' '));
    setProblems(
      result.rejected.map((item) =>
        t(`ak.allowList.problem.${item.problem}`, { entry: item.entry, max: MAX_ALLOW_LIST_ENTRIES }),
      ),
    );
  };

  const save = handleSubmit(
    async ({ ipWhiteList }) => {
      if (!accessKey) return;
      try {
        await update.mutateAsync({ keyId: accessKey.keyId, ipWhiteList });
        showToast(t('ak.allowList.saved'), 'success');
        onClose();
      } catch {
        // Shown below.
      }
    },
    (errors) => {
      const message = errors.input?.message ?? errors.ipWhiteList?.message;
      if (message) setProblems([t(message, { max: MAX_ALLOW_LIST_ENTRIES })]);
    },
  );

  const mapped = isApiError(update.error) ? SERVER_CODES[update.error.code] : undefined;
  /** Request.Invalid answers name the refused entries as fields `ipWhiteList.<index>` (or the list itself). */
  const serverProblems = Object.entries(fieldErrorsOf(update.error)).map(([field, text]) => {
    const index = /^ipWhiteList\.(\d+)$/.exec(field)?.[1];
    const entry = index === undefined ? undefined : list[Number(index)];
    return entry ? `${entry}: ${text}` : text;
  });

  return (
    <Dialog
      open={accessKey !== null}
      onClose={update.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle>{t('ak.allowList.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.7 }}>
          {t('ak.allowList.help', { max: MAX_ALLOW_LIST_ENTRIES })}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: 0.5, fontFamily: MONO_FONT_FAMILY }}
        >
          203.0.113.7 · 198.51.100.0/24 · 2001:db8::/32
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name="input"
            fullWidth
            size="small"
            label={t('ak.allowList.inputLabel')}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            disabled={list.length >= MAX_ALLOW_LIST_ENTRIES}
            slotProps={{ htmlInput: { 'data-testid': 'allow-list-input', spellCheck: false, autoComplete: 'off' } }}
          />
          <Button
            variant="outlined"
            startIcon={<AddRounded />}
            onClick={add}
            disabled={!input.trim()}
            sx={{ flexShrink: 0, height: 40 }}
          >
            {t('ak.allowList.add')}
          </Button>
        </Box>
        {problems.length ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="allow-list-problems">
            {problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', mt: 2.5, mb: 1 }}>
          <Typography sx={{ fontWeight: 600, typography: 'textMd', flex: 1 }}>{t('ak.allowList.entries')}</Typography>
          <Typography
            variant="caption"
            color={list.length >= MAX_ALLOW_LIST_ENTRIES ? 'warning.main' : 'text.secondary'}
          >
            {list.length} / {MAX_ALLOW_LIST_ENTRIES}
          </Typography>
        </Box>
        {list.length === 0 ? (
          <Alert severity="info" icon={false}>
            {t('ak.allowList.empty')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="allow-list-chips">
            {list.map((entry) => (
              <Chip
                key={entry}
                label={entry}
                onDelete={() =>
                  setValue(
                    'ipWhiteList',
                    getValues('ipWhiteList').filter((item) => item !== entry),
                  )
                }
                sx={{ fontFamily: MONO_FONT_FAMILY, typography: 'textSm' }}
              />
            ))}
          </Box>
        )}
        {mapped || serverProblems.length ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="allow-list-server-error">
            {mapped ? <div>{t(mapped, { max: MAX_ALLOW_LIST_ENTRIES })}</div> : null}
            {serverProblems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        ) : (
          <MutationError error={update.error} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending}>
          {update.isPending ? t('actions.working') : t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
