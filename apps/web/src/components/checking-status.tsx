import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A spinner and `label`, announced politely, while a page checks whether it may be shown. */
export function CheckingStatus({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
