import TranslateRounded from '@mui/icons-material/TranslateRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOnOpen } from '../../components/lazy-on-open.tsx';
import { type AppLanguage, currentLanguage, switchLanguage } from '../../lib/i18n.ts';

const LanguageMenu = lazyOnOpen(() => import('./language-menu.tsx'));

/** The language selector (spec §1): 中文 / English; choosing one stores it and reloads the page. */
export function LanguageSelector() {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage();
  const open = Boolean(anchor);

  const choose = (lng: AppLanguage) => {
    setAnchor(null);
    if (lng !== active) void switchLanguage(lng);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={LanguageMenu.preload}
        onFocus={LanguageMenu.preload}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'language-menu' : undefined}
        aria-label={ts('topBar.changeLanguage', { language: t(`language.${active}`) })}
        sx={{
          height: 40,
          minWidth: 40,
          px: { xs: 1, sm: 1.25, md: 1, lg: 1.25 },
          borderRadius: 2,
          color: 'text.primary',
          gap: 0.75,
        }}
      >
        <TranslateRounded fontSize="small" />
        <Box
          component="span"
          sx={{ display: { xs: 'none', sm: 'inline', md: 'none', lg: 'inline' }, typography: 'textMd' }}
        >
          {t(`language.${active}`)}
        </Box>
      </Button>
      <LanguageMenu open={open} anchor={anchor} active={active} onClose={() => setAnchor(null)} onChoose={choose} />
    </>
  );
}
