import Box from '@mui/material/Box';
import { isHandledByPipeline } from '../lib/api-client.ts';
import { ErrorView } from './api-feedback/index.ts';

/**
 * False for nothing and for what the pipeline has answered itself (a closed MFA dialog: the user cancelled; the
 * sign-in page; the contact-info and recharge dialogs): there is nothing more to report.
 */
export function isReportable(error: unknown): boolean {
  return Boolean(error) && !isHandledByPipeline(error);
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
