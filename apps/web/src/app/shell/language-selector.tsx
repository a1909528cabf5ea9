import CheckRounded from '@mui/icons-material/CheckRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, type AppLanguage, currentLanguage, switchLanguage } from '../../lib/i18n.ts';

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
      <Menu
        id="language-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 168, p: 0.5 } } }}
      >
        {APP_LANGUAGES.map((lng) => (
          <MenuItem key={lng} selected={lng === active} onClick={() => choose(lng)} lang={lng}>
            <ListItemText primary={t(`language.${lng}`)} />
            <ListItemIcon sx={{ justifyContent: 'flex-end', visibility: lng === active ? 'visible' : 'hidden' }}>
              <CheckRounded fontSize="small" color="primary" />
            </ListItemIcon>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
