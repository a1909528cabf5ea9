import { createTheme } from '@mui/material/styles';
import { FONT_FAMILY, TYPE_STEPS } from '../../../app/theme.ts';

/** The sandbox provider's own look (it stands for another company's checkout): ink buttons, square corners. */
export const SANDBOX_INK = '#1A1F36';
/** Secondary text: 5:1 on the page's grey (WCAG AA asks 4.5:1; the provider's usual #697386 gives 4.49:1). */
export const SANDBOX_MUTED = '#5F6B7C';
export const SANDBOX_BG = '#F6F8FA';
/** The "sandbox" badge and the test-card note. */
export const SANDBOX_BADGE = '#FFB020';
export const SANDBOX_NOTE = { bg: '#FFF8E6', line: '#F5D48A' } as const;

export const sandboxTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: SANDBOX_INK, contrastText: '#FFFFFF' },
    secondary: { main: '#3A57E8' },
    text: { primary: SANDBOX_INK, secondary: SANDBOX_MUTED },
    background: { default: SANDBOX_BG, paper: '#FFFFFF' },
    divider: '#E3E8EE',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: FONT_FAMILY,
    ...TYPE_STEPS,
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
  },
});
