import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** "No account yet? Register" under an account card. */
export function AuthSwitch({ prompt, label, to }: { prompt: string; label: string; to: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {prompt}{' '}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
        {label}
      </Link>
    </Typography>
  );
}
