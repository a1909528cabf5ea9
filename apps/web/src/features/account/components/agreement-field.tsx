import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgreements } from '../api/get-agreements.ts';

/** The help-centre pages used when the agreement list cannot be loaded. */
const FALLBACK_AGREEMENTS = [
  { code: 'SERVICE_AGREEMENT', url: '/help-center/docs/agreement/service agreement' },
  { code: 'PRIVACY', url: '/help-center/docs/agreement/privacy' },
  { code: 'TERMS', url: '/help-center/docs/agreement/terms' },
] as const;

export interface AgreementFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/** 'I have read and agree to …' with links to the agreements of GET /api/account/agreements (opened in a new tab). */
export function AgreementField({ checked, onChange, error, inputRef }: AgreementFieldProps) {
  const { t } = useTranslation('account');
  const agreements = useAgreements();
  const items =
    agreements.data && agreements.data.length > 0
      ? agreements.data.map((item) => ({ key: item.code, title: item.title, url: item.url }))
      : FALLBACK_AGREEMENTS.map((item) => ({
          key: item.code,
          title: t(`register.agreements.${item.code}`),
          url: item.url,
        }));
  return (
    <Box>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                ref: inputRef,
                'aria-invalid': Boolean(error),
                'aria-describedby': error ? 'agreement-error' : undefined,
              } as object,
            }}
          />
        }
        label={
          <Box component="span" sx={{ typography: 'textMd', lineHeight: 1.6, color: 'text.secondary' }}>
            {t('register.agreePrefix')}
            {items.map((item, index) => (
              <Fragment key={item.key}>
                {index > 0
                  ? index === items.length - 1
                    ? t('register.agreeLast')
                    : t('register.agreeSeparator')
                  : ' '}
                <Link href={item.url} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
                  {t('register.agreementTitle', { title: item.title })}
                </Link>
              </Fragment>
            ))}
          </Box>
        }
      />
      {error ? (
        <FormHelperText id="agreement-error" error sx={{ ml: 4 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
