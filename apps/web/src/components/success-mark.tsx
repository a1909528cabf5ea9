import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/** The round green tick at the top of a 'done' panel (feedback sent, password reset). */
export function SuccessMark() {
  return (
    <Box
      sx={(theme) => ({
        width: 64,
        height: 64,
        mx: 'auto',
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        color: 'success.main',
        bgcolor: alpha(theme.palette.success.main, 0.12),
      })}
    >
      <CheckCircleRounded sx={{ fontSize: 36 }} />
    </Box>
  );
}
