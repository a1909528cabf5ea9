import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PASSWORD_KINDS, PASSWORD_MAX, PASSWORD_MIN, passwordChecklist } from '../lib/password-rules.ts';

const STRENGTH_COLOR = ['inherit', 'error', 'warning', 'success', 'success'] as const;

function Rule({ ok, children }: { ok: boolean; children: string }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: ok ? 'success.main' : 'text.secondary' }}
    >
      {ok ? (
        <CheckCircleRounded sx={{ fontSize: 16 }} aria-hidden="true" />
      ) : (
        <RadioButtonUncheckedRounded sx={{ fontSize: 16 }} aria-hidden="true" />
      )}
      <Typography variant="caption" component="span">
        {children}
      </Typography>
    </Box>
  );
}

/** The live password checklist (spec §5): length, three of four kinds, and a strength bar (register, find password, change password). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('common');
  const list = passwordChecklist(password);
  return (
    <Box id={id} aria-live="polite" sx={{ mt: -1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={list.strength * 25}
          color={STRENGTH_COLOR[list.strength]}
          aria-label={t('password.strengthLabel')}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 48, textAlign: 'right' }}>
          {t(`password.strength.${list.strength}`)}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-label={t('password.rulesLabel')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}
      >
        <Rule ok={list.length && list.noSpaces}>
          {t('password.rules.length', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        </Rule>
        <Rule ok={list.variety}>{t('password.rules.variety', { kinds: list.kindCount })}</Rule>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75, pl: 2.75 }}>
        {PASSWORD_KINDS.map((kind) => (
          <Box
            key={kind}
            component="span"
            sx={{
              px: 1,
              py: 0.25,
              borderRadius: 1,
              typography: 'textXs',
              border: 1,
              borderColor: list.kinds[kind] ? 'success.main' : 'divider',
              color: list.kinds[kind] ? 'success.main' : 'text.secondary',
            }}
          >
            {t(`password.kinds.${kind}`)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
