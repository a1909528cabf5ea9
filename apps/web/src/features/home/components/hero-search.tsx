import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { common } from '@mui/material/colors';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BRAND } from '../../../app/theme.ts';
import { saleSearchPath } from '../lib/search-url.ts';

const NAVY = BRAND.navy;

export const HERO_STATS = ['listings', 'duration', 'payment', 'delivery'] as const;

/** The domain search box: submits to the bidding page with the trimmed keyword (with or without the app). */
export function DomainSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(saleSearchPath(keyword));
  };

  return (
    <Box
      component="form"
      role="search"
      // Before the app has started (a slow phone), the browser submits the form itself: to the same page.
      action="/sale"
      method="get"
      onSubmit={onSubmit}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        width: '100%',
        maxWidth: 720,
        mx: 'auto',
        p: 0.75,
        pl: { xs: 1.75, sm: 2.5 },
        bgcolor: 'common.white',
        borderRadius: 999,
        boxShadow: `0 20px 50px ${alpha(common.black, 0.35)}, 0 0 0 6px ${alpha(common.white, 0.08)}`,
        transition: 'box-shadow .2s',
        '&:focus-within': {
          boxShadow: `0 20px 50px ${alpha(common.black, 0.35)}, 0 0 0 6px ${alpha(theme.palette.primary.light, 0.45)}`,
        },
      })}
    >
      <SearchRounded sx={{ color: 'text.disabled', flexShrink: 0 }} />
      <InputBase
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('hero.searchPlaceholder')}
        type="search"
        name="keyword"
        sx={{ flex: 1, minWidth: 0, typography: { xs: 'textXl', sm: 'text2xl' }, color: 'text.primary' }}
        inputProps={{
          'aria-label': t('hero.searchLabel'),
          enterKeyHint: 'search',
          autoComplete: 'off',
          autoCapitalize: 'none',
          spellCheck: false,
          maxLength: 253,
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        sx={{ flexShrink: 0, minHeight: { xs: 44, sm: 52 }, px: { xs: 2.25, sm: 3.5 } }}
      >
        {t('hero.searchButton')}
      </Button>
    </Box>
  );
}

/** Home hero: headline, the daily-listings claim, the domain search and the key figures. */
export function HeroSection() {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        color: 'common.white',
        bgcolor: NAVY,
        backgroundImage: [
          `radial-gradient(900px 460px at 85% -15%, ${alpha(theme.palette.secondary.main, 0.5)}, transparent 60%)`,
          `radial-gradient(800px 420px at -10% 110%, ${alpha(theme.palette.primary.main, 0.55)}, transparent 60%)`,
          `linear-gradient(180deg, ${NAVY} 0%, ${BRAND.navyDeep} 100%)`,
        ].join(','),
      })}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          backgroundImage: `linear-gradient(${alpha(common.white, 0.05)} 1px, transparent 1px), linear-gradient(90deg, ${alpha(common.white, 0.05)} 1px, transparent 1px)`,
          backgroundSize: '44px 44px',
          maskImage: `radial-gradient(ellipse at 50% 30%, ${common.black} 20%, transparent 75%)`,
          WebkitMaskImage: `radial-gradient(ellipse at 50% 30%, ${common.black} 20%, transparent 75%)`,
        }}
      />
      <Container maxWidth="lg" sx={{ position: 'relative', pt: { xs: 6, md: 11 }, pb: { xs: 5, md: 9 } }}>
        <Box sx={{ textAlign: 'center' }}>
          <Box
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 1.75,
              py: 0.75,
              borderRadius: 999,
              typography: { xs: 'textSm', sm: 'textMd' },
              fontWeight: 600,
              bgcolor: alpha(common.white, 0.08),
              border: `1px solid ${alpha(common.white, 0.16)}`,
              backdropFilter: 'blur(6px)',
            }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: BRAND.live,
                boxShadow: `0 0 0 4px ${alpha(BRAND.live, 0.2)}`,
              }}
            />
            {t('hero.badge')}
          </Box>
          <Typography
            id="home-hero-title"
            variant="h1"
            sx={{
              mt: 3,
              mx: 'auto',
              maxWidth: 900,
              typography: 'display',
              lineHeight: 1.15,
              textWrap: 'balance',
            }}
          >
            {t('hero.titleStart')}{' '}
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                background: BRAND.heroGradient,
                WebkitBackgroundClip: 'text',
                backgroundClip: 'text',
                color: 'transparent',
              }}
            >
              {t('hero.titleHighlight')}
            </Box>
          </Typography>
          <Typography
            sx={{
              mt: 2.5,
              mx: 'auto',
              maxWidth: 680,
              typography: 'displayLead',
              lineHeight: 1.65,
              textWrap: 'pretty',
              color: alpha(common.white, 0.78),
            }}
          >
            {t('hero.subtitle')}
          </Typography>
          <Box sx={{ mt: { xs: 4, md: 5 } }}>
            <DomainSearch />
          </Box>
          <Typography sx={{ mt: 2, typography: 'textMd', color: alpha(common.white, 0.62) }}>
            {t('hero.searchHint')}
          </Typography>
        </Box>

        <Box
          component="dl"
          sx={{
            m: 0,
            mt: { xs: 5, md: 8 },
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: { xs: 1.25, md: 2 },
          }}
        >
          {HERO_STATS.map((stat) => (
            <Box
              key={stat}
              sx={{
                p: { xs: 1.75, md: 2.5 },
                borderRadius: 3,
                bgcolor: alpha(common.white, 0.06),
                border: `1px solid ${alpha(common.white, 0.12)}`,
                backdropFilter: 'blur(8px)',
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
                textAlign: { xs: 'left', md: 'center' },
              }}
            >
              <Typography
                component="dt"
                sx={{ mt: 0.5, typography: { xs: 'textSm', md: 'textMd' }, color: alpha(common.white, 0.68) }}
              >
                {t(`hero.stats.${stat}.label`)}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: 800, typography: 'displayFigure', letterSpacing: '-0.02em' }}
              >
                {t(`hero.stats.${stat}.value`)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
