import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export interface NoPermissionProps {
  title: string;
  body: ReactNode;
  /** Links under the text (defaults to 'Back home'). */
  actions?: ReactNode;
}

/** A clear 'no permission' panel: the whole console for non-operators, one section for a role without it. */
export function NoPermission({ title, body, actions }: NoPermissionProps) {
  const { t } = useTranslation('admin');
  usePageTitle(title);
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="admin-no-permission"
      sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto', width: '100%' }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          mx: 'auto',
          bgcolor: 'warning.main',
          color: 'common.white',
        }}
      >
        <LockOutlined sx={{ fontSize: 32 }} />
      </Box>
      <Typography component="h1" variant="h5" sx={{ mt: 2, typography: 'consoleTitle' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.7, typography: 'textLg' }}>
        {body}
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {actions ?? (
          <Button variant="contained" component={RouterLink} to="/">
            {t('forbidden.home')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
