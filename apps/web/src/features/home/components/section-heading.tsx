import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Eyebrow, title and subtitle of a home-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  align?: 'center' | 'left';
}) {
  const centered = align === 'center';
  return (
    <Box sx={{ textAlign: centered ? 'center' : 'left', maxWidth: centered ? 760 : 'none', mx: centered ? 'auto' : 0 }}>
      <Typography variant="overline" color="primary" sx={{ display: 'block', typography: 'textSm' }}>
        {eyebrow}
      </Typography>
      <Typography
        id={id}
        variant="h3"
        component="h2"
        sx={{ mt: 0.5, typography: 'sectionTitle', lineHeight: 1.2, textWrap: 'balance' }}
      >
        {title}
      </Typography>
      {subtitle ? (
        <Typography
          color="text.secondary"
          sx={{ mt: 1.75, typography: { xs: 'textXl', md: 'text3xl' }, lineHeight: 1.7, textWrap: 'pretty' }}
        >
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
