import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminRestrictions, Restriction, RestrictionScope } from '@namebourse/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useRestrictions } from '../api/get-restrictions.ts';
import { useLiftRestriction } from '../api/lift-restriction.ts';
import { useRestrictUser } from '../api/restrict-user.ts';
import {
  EMPTY_RESTRICT_FORM,
  RESTRICTION_LIMITS,
  RESTRICTION_SCOPES,
  type RestrictForm,
  restrictFormSchema,
  restrictRequestOf,
} from '../lib/restrictions.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListSkeleton } from './layout-parts.tsx';

const FIELDS = ['scopes', 'reason', 'until'] as const;

function useScopeNames() {
  const { t } = useTranslation('admin-restrictions');
  return (scopes: readonly RestrictionScope[]) => scopes.map((scope) => t(`scope.${scope}`)).join(t('separator'));
}

/** The restrict dialog: scopes as checkboxes, the reason, an optional end (local date and time). */
function RestrictDialog({
  accountNo,
  current,
  open,
  onClose,
}: {
  accountNo: string;
  current: Restriction | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-restrictions');
  const locale = useLocale();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const scopesLabelId = useId();
  const restrict = useRestrictUser();
  const [error, setError] = useState<unknown>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const resolver = useMemo(() => zodResolver(restrictFormSchema(), { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<RestrictForm>({ resolver, defaultValues: EMPTY_RESTRICT_FORM });
  const { reset, formState } = form;

  useEffect(() => {
    if (!open) return;
    // A new restriction replaces the current one: start from its scopes.
    reset({ ...EMPTY_RESTRICT_FORM, scopes: current ? [...current.scopes] : [] });
    setError(null);
    setKey(newIdempotencyKey());
  }, [open, current, reset]);

  const message = (text: string | undefined) => (text?.startsWith('form.') ? t(text) : fieldText(text, locale));

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await restrict.mutateAsync({ accountNo, body: restrictRequestOf(values), idempotencyKey: key });
      onClose();
    } catch (caught) {
      if (isHandledByPipeline(caught)) return;
      const { first, other } = applyServerFieldErrors(caught, FIELDS, form.setError);
      if (first && other.length === 0) return;
      setError(caught);
    }
  });
  const busy = formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="admin-restrict-dialog"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('dialog.title', { accountNo })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6 }}>
            {current ? t('dialog.replaces') : t('dialog.description')}
          </Typography>
          <Controller
            control={form.control}
            name="scopes"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
                <FormLabel component="legend" id={scopesLabelId}>
                  {t('dialog.scopes')}
                </FormLabel>
                <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {RESTRICTION_SCOPES.map((scope) => (
                    <FormControlLabel
                      key={scope}
                      label={
                        <Box>
                          <Typography sx={{ typography: 'textMd' }}>{t(`scope.${scope}`)}</Typography>
                          <Typography color="text.secondary" sx={{ typography: 'textXs' }}>
                            {t(`scopeHint.${scope}`)}
                          </Typography>
                        </Box>
                      }
                      sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                      control={
                        <Checkbox
                          name={`scope-${scope}`}
                          checked={field.value.includes(scope)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, scope]
                                : field.value.filter((value) => value !== scope),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error ? <FormHelperText>{message(fieldState.error.message)}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <FormTextField
            control={form.control}
            name="reason"
            label={t('dialog.reason')}
            required
            fullWidth
            multiline
            minRows={3}
            errorText={message(formState.errors.reason?.message)}
            helperText={t('dialog.reasonHint', { max: RESTRICTION_LIMITS.reasonMaxLength })}
            slotProps={{ htmlInput: { maxLength: RESTRICTION_LIMITS.reasonMaxLength } }}
          />
          <FormTextField
            control={form.control}
            name="until"
            type="datetime-local"
            label={t('dialog.until')}
            fullWidth
            errorText={message(formState.errors.until?.message)}
            helperText={t('dialog.untilHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error ? <ErrorView error={error} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="warning"
            disabled={busy}
            startIcon={busy ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
          >
            {t('dialog.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function StatusTag({ status }: { status: Restriction['status'] }) {
  const { t } = useTranslation('admin-restrictions');
  const color = status === 'active' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={t(`status.${status}`)} />;
}

/** One restriction: scopes, reason, who and when, its end or lift. */
function RestrictionLines({ restriction }: { restriction: Restriction }) {
  const { t, i18n } = useTranslation('admin-restrictions');
  const names = useScopeNames();
  const time = (value: string) => formatDateTime(value, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
      <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>{names(restriction.scopes)}</Typography>
      <Typography sx={{ typography: 'textMd', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {t('item.reason', { reason: restriction.reason })}
      </Typography>
      <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
        {t('item.by', { time: time(restriction.createdAt), actor: restriction.createdBy ?? '—' })}
        {' · '}
        {restriction.until ? t('item.until', { time: time(restriction.until) }) : t('item.untilLifted')}
      </Typography>
      {restriction.status === 'lifted' && restriction.liftedAt ? (
        <Typography color="text.secondary" sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>
          {t('item.lifted', { time: time(restriction.liftedAt), actor: restriction.liftedBy ?? '—' })}
          {restriction.liftReason ? ` · ${t('item.liftReason', { reason: restriction.liftReason })}` : ''}
        </Typography>
      ) : null}
      {restriction.status === 'ended' && restriction.liftedAt ? (
        <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
          {t('item.ended', { time: time(restriction.liftedAt) })}
        </Typography>
      ) : null}
    </Box>
  );
}

function Current({ data, canEdit, onLift }: { data: AdminRestrictions; canEdit: boolean; onLift: () => void }) {
  const { t } = useTranslation('admin-restrictions');
  if (!data.current) {
    return (
      <Typography color="text.secondary" sx={{ typography: 'textMd' }} data-testid="admin-restriction-none">
        {t('none')}
      </Typography>
    );
  }
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="admin-restriction-current"
      // On a phone the Lift button goes below the lines instead of taking a column beside them.
      sx={{
        flexWrap: 'wrap',
        '& .MuiAlert-message': { minWidth: 0, flex: '1 1 240px' },
        '& .MuiAlert-action': { ml: 'auto', pt: 0.5 },
      }}
      action={
        canEdit ? (
          <Button color="inherit" size="small" onClick={onLift}>
            {t('lift.open')}
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ typography: 'textSm', fontWeight: 700, mb: 0.5 }}>{t('current')}</Typography>
      <RestrictionLines restriction={data.current} />
    </Alert>
  );
}

function History({ items }: { items: Restriction[] }) {
  const { t } = useTranslation('admin-restrictions');
  const past = items.filter((item) => item.status !== 'active');
  if (past.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" sx={{ typography: 'textMd', fontWeight: 700, mb: 1 }}>
        {t('history')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
        {past.map((item) => (
          <Box
            component="li"
            key={item.restrictionId}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', borderTop: 1, borderColor: 'divider', pt: 1.25 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <RestrictionLines restriction={item} />
            </Box>
            <StatusTag status={item.status} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The user detail page's restrictions: the restriction in force, Restrict (support, admin) with scopes, a reason
 * and an optional end, Lift with a confirmation and a note for the user, and the restrictions before.
 */
export function RestrictionsCard({ accountNo, canEdit }: { accountNo: string; canEdit: boolean }) {
  const { t } = useTranslation('admin-restrictions');
  const restrictions = useRestrictions(accountNo);
  const lift = useLiftRestriction();
  const names = useScopeNames();
  const [restrictOpen, setRestrictOpen] = useState(false);
  const [liftOpen, setLiftOpen] = useState(false);
  const data = restrictions.data;

  return (
    <SectionCard
      title={t('title')}
      testId="admin-restrictions"
      action={
        canEdit && data ? (
          <Button variant="outlined" color="warning" size="small" onClick={() => setRestrictOpen(true)}>
            {data.current ? t('restrictAgain') : t('restrict')}
          </Button>
        ) : undefined
      }
    >
      {restrictions.isPending ? (
        <ListSkeleton rows={1} height={64} />
      ) : restrictions.isError ? (
        <ErrorView error={restrictions.error} onRetry={() => void restrictions.refetch()} />
      ) : (
        <>
          <Current data={restrictions.data} canEdit={canEdit} onLift={() => setLiftOpen(true)} />
          <History items={restrictions.data.history} />
        </>
      )}
      {canEdit && data ? (
        <>
          <RestrictDialog
            accountNo={accountNo}
            current={data.current}
            open={restrictOpen}
            onClose={() => setRestrictOpen(false)}
          />
          <ConfirmDialog
            open={liftOpen}
            onClose={() => setLiftOpen(false)}
            title={t('lift.title')}
            reason="optional"
            reasonLabel={t('lift.reason')}
            confirmLabel={t('lift.confirm')}
            onConfirm={async (reason) => {
              await lift.mutateAsync({ accountNo, reason });
              setLiftOpen(false);
            }}
            testId="admin-lift-dialog"
          >
            {data.current ? t('lift.body', { accountNo, scopes: names(data.current.scopes) }) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </SectionCard>
  );
}
