import Box from '@mui/material/Box';
import { API_CODES, isApiError } from '../lib/api-client';
import { ErrorView } from './api-feedback';

/** False for nothing and for a closed MFA dialog (the user cancelled: there is nothing to report). */
export function isReportable(error: unknown): boolean {
  return Boolean(error) && !(isApiError(error) && error.code === API_CODES.mfaCancelled);
}

/** The error of a submission, shown in place (spec §8: message and trace id); hidden when there is none. */
export function MutationError({ error }: { error: unknown }) {
  if (!isReportable(error)) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <ErrorView error={error} />
    </Box>
  );
}
