import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS, type Payee, type PayeeType } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { idTextSx } from '../../../components/id-text.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { payeeActions } from '../lib/payee-status.ts';
import type { ImageRef } from './payee-image.tsx';
import { PayeeThumbnail } from './payee-image.tsx';
import { PayeeStatusChip } from './payee-status-chip.tsx';

const TYPE_ICON: Record<PayeeType, ReactNode> = {
  wire: <AccountBalanceOutlined />,
  paypal: <AlternateEmailRounded />,
};

/** What the status means for the user: the expected review date, the operator's reason, what to do next. */
function StatusNotice({ payee }: { payee: Payee }) {
  const { t } = useTranslation('payouts');
  const due = payee.reviewDueAt ? formatDate(payee.reviewDueAt) : null;
  const days = FUNDS_LIMITS.payeeReviewDays;
  switch (payee.status) {
    case 'pending_review':
      return (
        <Alert severity="info" data-testid="payee-notice">
          {due
            ? t('payees.notice.pendingReview', { days, date: due })
            : t('payees.notice.pendingReviewNoDate', { days })}
        </Alert>
      );
    case 'supplement_submitted':
      return (
        <Alert severity="info" data-testid="payee-notice">
          {due ? t('payees.notice.supplementSubmitted', { date: due }) : t('payees.notice.supplementSubmittedNoDate')}
        </Alert>
      );
    case 'needs_supplement':
      return (
        <Alert severity="warning" data-testid="payee-notice">
          <AlertTitle sx={{ fontWeight: 700 }}>{t('payees.notice.needsSupplementTitle')}</AlertTitle>
          <Typography
            sx={{ fontWeight: 700, typography: 'textLg', whiteSpace: 'pre-wrap' }}
            data-testid="payee-review-note"
          >
            {payee.reviewNote || '—'}
          </Typography>
          <Typography sx={{ typography: 'textMd', mt: 0.5 }}>{t('payees.notice.needsSupplementNext')}</Typography>
        </Alert>
      );
    case 'approved':
      return (
        <Alert severity="success" data-testid="payee-notice">
          {t('payees.notice.approved')}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert severity="error" data-testid="payee-notice">
          <AlertTitle sx={{ fontWeight: 700 }}>{t('payees.notice.rejectedTitle')}</AlertTitle>
          <Typography sx={{ typography: 'textLg', whiteSpace: 'pre-wrap' }} data-testid="payee-review-note">
            {payee.reviewNote || '—'}
          </Typography>
          <Typography sx={{ typography: 'textMd', mt: 0.5 }}>{t('payees.notice.rejectedNext')}</Typography>
        </Alert>
      );
    case 'revoked':
      return (
        <Alert severity="info" icon={false} variant="outlined" data-testid="payee-notice">
          {t('payees.notice.revoked', { date: formatDate(payee.updatedAt) })}
        </Alert>
      );
  }
}

function Detail({ label, value, mono }: { label: string; value: string | null; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          mt: 0.25,
          typography: 'textLg',
          fontWeight: 500,
          wordBreak: 'break-word',
          ...(mono ? idTextSx : {}),
        }}
      >
        {value || '—'}
      </Typography>
    </Box>
  );
}

function Details({ payee }: { payee: Payee }) {
  const { t } = useTranslation('payouts');
  const rows: { key: string; value: string | null; mono?: boolean; wide?: boolean }[] =
    payee.type === 'wire'
      ? [
          { key: 'name', value: payee.name },
          { key: 'bankName', value: payee.bankName },
          { key: 'accountNumber', value: payee.accountNumber, mono: true },
          { key: 'accountType', value: payee.accountType ? t(`payees.accountType.${payee.accountType}`) : null },
          { key: 'swiftCode', value: payee.swiftCode, mono: true },
          { key: 'signatory', value: payee.signatory },
          { key: 'businessRegistrationNumber', value: payee.businessRegistrationNumber },
          { key: 'idNumber', value: payee.idNumber },
          { key: 'address', value: payee.address, wide: true },
        ]
      : [
          { key: 'name', value: payee.name },
          { key: 'paypalAccount', value: payee.paypalAccount },
        ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {rows.map((row) => (
        <Box key={row.key} sx={{ gridColumn: row.wide ? '1 / -1' : undefined }}>
          <Detail label={t(`payees.field.${row.key}`)} value={row.value} mono={row.mono} />
        </Box>
      ))}
    </Box>
  );
}

export interface PayeeCardProps {
  type: PayeeType;
  payee: Payee | null;
  onEdit: () => void;
  onRevoke: () => void;
  onOpenImage: (image: ImageRef) => void;
}

/** The payee of one type: status, the operator's reason, details, images and what can be done. */
export function PayeeCard({ type, payee, onEdit, onRevoke, onOpenImage }: PayeeCardProps) {
  const { t } = useTranslation('payouts');
  const actions = payeeActions(payee);
  const typeName = t(`payees.type.${type}`);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`payee-${type}-title`}
      data-testid={`payee-card-${type}`}
      sx={{
        p: { xs: 2, md: 3 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            bgcolor: 'action.selected',
            color: 'primary.main',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
          }}
        >
          {TYPE_ICON[type]}
        </Box>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography component="h2" id={`payee-${type}-title`} sx={{ fontWeight: 700, typography: 'text2xl' }}>
            {typeName}
          </Typography>
          <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{t(`payees.typeHint.${type}`)}</Typography>
        </Box>
        {payee ? <PayeeStatusChip status={payee.status} /> : null}
      </Box>

      {payee ? (
        <Box sx={{ mt: 2.5, display: 'grid', gap: 2.5 }}>
          <StatusNotice payee={payee} />
          <Details payee={payee} />
          <Box>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary', mb: 1 }}>
              {t('payees.files.title')}
            </Typography>
            {payee.files.length > 0 ? (
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} data-testid="payee-images">
                {payee.files.map((file) => (
                  <PayeeThumbnail
                    key={file.fileId}
                    image={{ url: file.url, fileName: file.fileName }}
                    onOpen={() => onOpenImage({ url: file.url, fileName: file.fileName })}
                  />
                ))}
              </Box>
            ) : (
              <Typography sx={{ typography: 'textMd' }}>{t('payees.files.none')}</Typography>
            )}
          </Box>
          <Divider />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography sx={{ typography: 'textSm', color: 'text.secondary', mr: 'auto' }}>
              {t('payees.times', {
                submitted: formatDateTime(payee.submittedAt),
                updated: formatDateTime(payee.updatedAt),
              })}
            </Typography>
            {actions.canRevoke ? (
              <Button color="error" variant="text" onClick={onRevoke} data-testid={`payee-revoke-${type}`}>
                {t('payees.actions.revoke')}
              </Button>
            ) : null}
            {actions.canEdit ? (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                onClick={onEdit}
                data-testid={`payee-edit-${type}`}
              >
                {t(`payees.actions.${actions.editKind}`)}
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={<LockOutlined />}
                disabled
                aria-describedby={`payee-${type}-noedit`}
              >
                {t('payees.actions.edit')}
              </Button>
            )}
          </Box>
          {actions.noEditReason ? (
            <Typography
              id={`payee-${type}-noedit`}
              sx={{ typography: 'textSm', color: 'text.secondary', textAlign: 'right', mt: -1.5 }}
              data-testid="payee-no-edit"
            >
              {t(`payees.noEdit.${actions.noEditReason}`)}
            </Typography>
          ) : null}
        </Box>
      ) : (
        <Box
          sx={{
            mt: 2.5,
            p: { xs: 2.5, md: 3 },
            borderRadius: 2,
            border: '1px dashed',
            borderColor: 'divider',
            textAlign: 'center',
          }}
          data-testid={`payee-empty-${type}`}
        >
          <Typography sx={{ fontWeight: 600 }}>{t(`payees.empty.${type}.title`)}</Typography>
          <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.5, lineHeight: 1.7 }}>
            {t(`payees.empty.${type}.body`, { days: FUNDS_LIMITS.payeeReviewDays })}
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            sx={{ mt: 2 }}
            onClick={onEdit}
            data-testid={`payee-add-${type}`}
          >
            {t(`payees.actions.add.${type}`)}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
