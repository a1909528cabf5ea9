import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';

/** The full-width submit button of a sign-in, sign-up or reset form: a spinner and disabled while busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={busy ? <LoadingSpinner decorative size={18} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
