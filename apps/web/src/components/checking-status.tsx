import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingSpinner } from './loading-spinner.tsx';

/** A spinner and `label`, announced politely, while a page checks whether it may be shown. */
export function CheckingStatus({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, py: 8 }}
    >
      <LoadingSpinner decorative size={32} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
