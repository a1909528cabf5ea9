import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The light header band of the help-centre home, about and contact pages. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  align = 'left',
  overlap = false,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  align?: 'left' | 'center';
  /** Leaves room at the bottom for content that overlaps the band (a negative top margin below it). */
  overlap?: boolean;
}) {
  const centered = align === 'center';
  return (
    <Box
      component="section"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        bgcolor: 'background.paper',
        borderBottom: `1px solid ${theme.palette.divider}`,
        backgroundImage: [
          `radial-gradient(720px 320px at 88% -10%, ${alpha(theme.palette.secondary.main, 0.16)}, transparent 65%)`,
          `radial-gradient(760px 360px at -5% 0%, ${alpha(theme.palette.primary.main, 0.14)}, transparent 60%)`,
          `linear-gradient(${alpha(theme.palette.primary.main, 0.04)} 1px, transparent 1px)`,
          `linear-gradient(90deg, ${alpha(theme.palette.primary.main, 0.04)} 1px, transparent 1px)`,
        ].join(','),
        backgroundSize: 'auto, auto, 32px 32px, 32px 32px',
      })}
    >
      <Container
        maxWidth="lg"
        sx={{
          position: 'relative',
          pt: { xs: 5, md: 8 },
          pb: overlap ? { xs: 7, md: 12 } : { xs: 5, md: 8 },
          textAlign: centered ? 'center' : 'left',
        }}
      >
        {eyebrow ? (
          <Typography variant="overline" color="primary" sx={{ display: 'block', mb: 1, typography: 'textSm' }}>
            {eyebrow}
          </Typography>
        ) : null}
        <Typography
          variant="h2"
          component="h1"
          sx={{
            typography: 'pageHeroTitle',
            lineHeight: 1.15,
            textWrap: 'balance',
            maxWidth: centered ? 820 : 760,
            mx: centered ? 'auto' : 0,
          }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography
            color="text.secondary"
            sx={{
              mt: 2,
              typography: { xs: 'textXl', md: 'text3xl' },
              lineHeight: 1.7,
              textWrap: 'pretty',
              maxWidth: centered ? 720 : 700,
              mx: centered ? 'auto' : 0,
            }}
          >
            {subtitle}
          </Typography>
        ) : null}
        {children ? <Box sx={{ mt: { xs: 3, md: 4 } }}>{children}</Box> : null}
      </Container>
    </Box>
  );
}
