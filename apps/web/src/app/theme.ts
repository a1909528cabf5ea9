import { alpha, createTheme } from '@mui/material/styles';

/**
 * Brand colours: the palette below is built from them, and they are the place for colours the
 * palette has no role for — inline SVG (the logo), the dark navy surfaces (footer, home hero,
 * banners, the image viewer) and what sits on them.
 */
export const BRAND = {
  blue: '#1F4FE0',
  blueDark: '#1538A8',
  blueLight: '#5B7CF2',
  /** The blue accent on navy: the logo's second word, focus rings in the footer. */
  blueOnNavy: '#9DB2FF',
  violet: '#6D4AFF',
  orange: '#F26B1D',
  ink: '#0F172A',
  navy: '#0A1330',
  /** The lower end of the home hero's navy gradient. */
  navyDeep: '#0E1C4D',
  navyLine: '#1D2A4D',
  /** The image viewer's backdrop, darker than navy so photos stand out. */
  night: '#0B1020',
  mist: '#F4F6FB',
  /** The home hero's "live" dot. */
  live: '#34D399',
  /** The home hero headline's highlighted words. */
  heroGradient: 'linear-gradient(90deg, #8FA8FF 0%, #C4B5FD 60%, #F9A8D4 100%)',
} as const;

/**
 * The status tones' main shades (warning is the brand orange darkened): each gives at least 4.5:1 as the
 * background of white text and as text on white or the mist page (theme.test.ts checks).
 */
export const STATUS = {
  warning: '#C2410C',
  success: '#067647',
  info: '#0369A1',
  error: '#D42B1F',
} as const;

/**
 * The keyboard focus ring of every control: a 2px outline off its edge. Its colour is the `--focus-ring`
 * custom property, primary blue unless a dark surface (footer, navy banners) sets a light one for what it holds.
 */
export const FOCUS_RING = {
  outline: `2px solid var(--focus-ring, ${BRAND.blue})`,
  outlineOffset: 2,
} as const;

/** The focus ring inside the edge, for rows and tabs whose container clips what sticks out. */
const FOCUS_RING_INSET = { ...FOCUS_RING, outlineOffset: -2 } as const;

/** Sets the focus ring's colour for everything inside a dark (navy) surface. */
export const ON_DARK_FOCUS = { '--focus-ring': BRAND.blueOnNavy } as const;

/** Other companies' marks (payment methods in the footer, the sandbox Alipay page): their colours, not ours. */
export const PAYMENT_MARKS = {
  visaBlue: '#1A1F71',
  visaGold: '#F7B600',
  alipayBlue: '#1677FF',
  alipayBlueDark: '#0958D9',
  /** The outline of a card-shaped mark on a light background. */
  cardLine: '#E2E8F0',
} as const;

/** System fonts first; PingFang / YaHei / Noto CJK so Chinese never falls back to a serif. */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Source Han Sans SC"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The theme's font, as a custom property set once on the root (CssBaseline): every typography rule of the page's
 * critical CSS (a phone parses it before the first paint) names the variable, not the 13-family stack.
 */
const FONT_FAMILY_PROPERTY = '--nb-font-family';

export const MONO_FONT_FAMILY = ['ui-monospace', '"SFMono-Regular"', 'Menlo', 'Consolas', 'monospace'].join(',');

export const TOP_BAR_HEIGHT = 68;

/**
 * The app's type scale: named font-size steps, used from `sx` as `typography: 'textSm'`.
 * Each step carries only a font size, so swapping a pixel literal for a step never changes
 * the weight, line height or letter spacing the element already had; set those next to it.
 * Half-pixel sizes of the old literals rounded up to the next step (12.5 → 13, 14.5 → 15).
 */
const TYPE_SCALE = {
  text2xs: 11.5,
  textXs: 12,
  textSm: 13,
  textMd: 14,
  textLg: 15,
  textXl: 16,
  text2xl: 17,
  text3xl: 18,
  text4xl: 20,
  text5xl: 22,
  text6xl: 24,
  text7xl: 26,
  text8xl: 28,
} as const;

/** MUI's default: 1rem = 16px, as the built-in variants assume. */
const pxToRem = (px: number) => `${px / 16}rem`;

const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1442 } as const;

/** A size that grows with the screen: the xs size, then the size from each wider breakpoint up. */
function grows(sizes: { xs: number | string } & Partial<Record<keyof typeof BREAKPOINTS, number | string>>) {
  const size = (value: number | string) => (typeof value === 'number' ? pxToRem(value) : value);
  const style: Record<string, unknown> = { fontSize: size(sizes.xs) };
  for (const [bp, value] of Object.entries(sizes)) {
    if (bp !== 'xs' && value !== undefined) {
      style[`@media (min-width:${BREAKPOINTS[bp as keyof typeof BREAKPOINTS]}px)`] = { fontSize: size(value) };
    }
  }
  return style as React.CSSProperties;
}

/**
 * Headings and figures above the step scale, by role; like the steps, each carries only its
 * size (set weight and line height where it is used).
 */
const DISPLAY_SIZES = {
  /** The home hero's headline. */
  display: grows({ xs: '2.15rem', sm: '3rem', md: '3.9rem' }),
  /** The home hero's lead paragraph. */
  displayLead: grows({ xs: 16, md: 19 }),
  /** The home hero's key figures. */
  displayFigure: grows({ xs: '1.35rem', md: '1.9rem' }),
  /** A home section's heading. */
  sectionTitle: grows({ xs: '1.75rem', md: '2.5rem' }),
  /** The heading of a navy banner (home contact block). */
  bannerTitle: grows({ xs: '1.7rem', md: '2.3rem' }),
  /** The big step numbers of "how it works". */
  stepNumber: { fontSize: pxToRem(64) },
  /** The logo's wordmark. */
  wordmark: { fontSize: pxToRem(21) },
  /** The 404 page's giant code. */
  errorCode: grows({ xs: 112, sm: 160, md: 184 }),
  /** The heading of an error page (404, route error). */
  errorTitle: grows({ xs: 26, md: 32 }),
  /** The heading of a console page (user detail, no permission). */
  consoleTitle: grows({ xs: 21, md: 24 }),
  /** A list page's heading and a balance's figure. */
  headline: grows({ xs: 24, md: 30 }),
  /** The account page's heading. */
  accountTitle: grows({ xs: '1.5rem', md: '2rem' }),
  /** A lot's domain name on its page. */
  lotTitle: grows({ xs: 28, md: 40 }),
  /** A lot's current price on its page. */
  priceFigure: grows({ xs: 30, md: 36 }),
  /** The amount to pay on the sandbox checkout. */
  checkoutAmount: grows({ xs: 34, sm: 38 }),
  /** The heading of a help-centre, about or contact page's hero. */
  pageHeroTitle: grows({ xs: '2rem', sm: '2.5rem', md: '3.1rem' }),
  /** A help-centre document's title. */
  docTitle: grows({ xs: '1.75rem', sm: '2.1rem', md: '2.4rem' }),
  /** A section heading inside a help-centre document. */
  docSection: grows({ xs: '1.25rem', md: '1.4rem' }),
  /** A section heading of the help centre's front page. */
  helpSection: grows({ xs: '1.3rem', md: '1.5rem' }),
  /** A group heading of the FAQ page. */
  faqGroup: grows({ xs: '1.2rem', md: '1.35rem' }),
  /** A blog card's title. */
  cardTitle: grows({ xs: 17, md: 19 }),
  /** A section heading of the about page. */
  aboutSection: grows({ xs: '1.6rem', md: '2.1rem' }),
  /** The about page's key figures. */
  aboutFigure: grows({ xs: '1.45rem', md: '2rem' }),
  /** The about page's mission statement. */
  aboutMission: grows({ xs: '1.5rem', md: '2.3rem' }),
} as const;

type TypeStep = keyof typeof TYPE_SCALE | keyof typeof DISPLAY_SIZES;

declare module '@mui/material/styles' {
  interface TypeText {
    /** Long-form reading text (help articles, the about page): darker than secondary, softer than primary. */
    prose: string;
  }
  interface TypographyVariants extends Record<TypeStep, React.CSSProperties> {}
  interface TypographyVariantsOptions extends Partial<Record<TypeStep, React.CSSProperties>> {}
}

/** The steps as typography options, for any theme the app builds (the sandbox checkout has its own). */
export const TYPE_STEPS = {
  ...Object.fromEntries(Object.entries(TYPE_SCALE).map(([step, px]) => [step, { fontSize: pxToRem(px) }])),
  ...DISPLAY_SIZES,
} as Record<TypeStep, React.CSSProperties>;

export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    mode: 'light',
    primary: { main: BRAND.blue, dark: BRAND.blueDark, light: BRAND.blueLight, contrastText: '#FFFFFF' },
    secondary: { main: BRAND.violet, contrastText: '#FFFFFF' },
    // Status colours: `main` carries text — white text on it (filled chips) and it as text on white or mist
    // (outlined chips, countdowns) — so it is dark enough for 4.5:1 both ways (WCAG AA). `light` keeps the
    // brighter shade (the brand orange) for accents without text.
    warning: { main: STATUS.warning, light: BRAND.orange, dark: '#9A3412', contrastText: '#FFFFFF' },
    success: { main: STATUS.success, light: '#12B76A', dark: '#05603A', contrastText: '#FFFFFF' },
    info: { main: STATUS.info, light: '#0288D1', dark: '#075985', contrastText: '#FFFFFF' },
    error: { main: STATUS.error, dark: '#B42318', contrastText: '#FFFFFF' },
    text: { primary: BRAND.ink, secondary: '#475569', disabled: '#94A3B8', prose: '#334155' },
    divider: '#E4E8F0',
    background: { default: BRAND.mist, paper: '#FFFFFF' },
    action: { hover: alpha(BRAND.blue, 0.06), selected: alpha(BRAND.blue, 0.1) },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: `var(${FONT_FAMILY_PROPERTY})`,
    ...TYPE_STEPS,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':root': { [FONT_FAMILY_PROPERTY]: FONT_FAMILY },
        html: { WebkitTextSizeAdjust: '100%' },
        body: {
          WebkitFontSmoothing: 'antialiased',
          MozOsxFontSmoothing: 'grayscale',
        },
        '#root': { minHeight: '100dvh' },
        a: { color: 'inherit' },
        '::selection': { backgroundColor: alpha(BRAND.blue, 0.18) },
        // Links that are not MUI controls (cards as links) get the same ring; `:where` keeps this at no
        // specificity, so a component's own focus style still wins.
        ':where(a:focus-visible)': FOCUS_RING,
      },
    },
    // The ripple alone is too faint to show keyboard focus: every button, icon button, chip, checkbox,
    // switch, tab, menu item and list row shows the ring while focused from the keyboard.
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 999,
          paddingInline: 18,
          variants: [
            {
              props: { variant: 'contained', color: 'primary' },
              style: {
                backgroundImage: `linear-gradient(135deg, ${BRAND.blue} 0%, ${BRAND.violet} 140%)`,
                '&:hover': { backgroundImage: `linear-gradient(135deg, ${BRAND.blueDark} 0%, ${BRAND.violet} 120%)` },
                '&.Mui-disabled': { backgroundImage: 'none' },
              },
            },
          ],
        },
        sizeSmall: { paddingInline: 12 },
        sizeLarge: { paddingInline: 26, minHeight: 48 },
      },
    },
    MuiIconButton: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiMenuItem: {
      styleOverrides: { root: { borderRadius: 8, minHeight: 40, '&&.Mui-focusVisible': FOCUS_RING_INSET } },
    },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 10, '&&.Mui-focusVisible': FOCUS_RING_INSET } } },
    MuiTab: { styleOverrides: { root: { '&&.Mui-focusVisible': FOCUS_RING_INSET } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: {
          '&:focus-visible': { ...FOCUS_RING, borderRadius: 2 },
          // A link in running text is underlined, not told apart by its colour alone (WCAG 1.4.1); links
          // standing on their own (menus, footers, table cells, breadcrumbs) underline on hover.
          'p &, .MuiAlert-message &': { textDecoration: 'underline' },
        },
      },
    },
    // A disabled field's hint says why it is locked: it stays readable (the field itself may be greyed).
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
