import CloseRounded from '@mui/icons-material/CloseRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HelpContactCard } from './help-contact-card.tsx';
import { HelpNav } from './help-nav.tsx';

const SIDEBAR_WIDTH = 232;

/** Help-centre pages: a sticky sidebar on desktop, a menu button with a drawer on phones and tablets. */
export function HelpLayout() {
  const { t } = useTranslation('support');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '60vh' }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${SIDEBAR_WIDTH}px minmax(0, 1fr)` },
            gap: { md: 4 },
            py: { xs: 2, md: 5 },
          }}
        >
          <Box component="aside" sx={{ display: { xs: 'none', md: 'block' } }}>
            <Box sx={{ position: 'sticky', top: 68 + 24, maxHeight: 'calc(100dvh - 116px)', overflowY: 'auto', pr: 1 }}>
              <Typography sx={{ px: 2, mb: 1.5, fontWeight: 800, typography: 'text3xl' }}>{t('nav.title')}</Typography>
              <HelpNav />
            </Box>
          </Box>

          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', mb: 2 }}>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<MenuRounded />}
                onClick={() => setOpen(true)}
                aria-controls="help-center-drawer"
                aria-expanded={open}
                sx={{ borderColor: 'divider', bgcolor: 'background.paper', fontWeight: 600 }}
              >
                {t('nav.menu')}
              </Button>
            </Box>
            <Outlet />
          </Box>
        </Box>
      </Container>

      <Drawer
        id="help-center-drawer"
        anchor="left"
        open={open}
        onClose={close}
        slotProps={{ paper: { sx: { width: 300, maxWidth: '86vw', p: 1.5 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, py: 1 }}>
          <Typography sx={{ fontWeight: 800, typography: 'text3xl' }}>{t('nav.title')}</Typography>
          <IconButton onClick={close} aria-label={t('nav.close')}>
            <CloseRounded />
          </IconButton>
        </Box>
        <HelpNav onNavigate={close} />
        <Box sx={{ px: 0.5, mt: 1 }}>
          <HelpContactCard compact />
        </Box>
      </Drawer>
    </Box>
  );
}
