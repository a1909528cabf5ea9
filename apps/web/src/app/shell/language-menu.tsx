import CheckRounded from '@mui/icons-material/CheckRounded';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, type AppLanguage } from '../../lib/i18n.ts';

export interface LanguageMenuProps {
  open: boolean;
  anchor: HTMLElement | null;
  active: AppLanguage;
  onClose: () => void;
  onChoose: (lng: AppLanguage) => void;
}

/** The language selector's menu (loaded the first time it opens: see components/lazy-on-open.tsx). */
export default function LanguageMenu({ open, anchor, active, onClose, onChoose }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  return (
    <Menu
      id="language-menu"
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1, minWidth: 168, p: 0.5 } } }}
    >
      {APP_LANGUAGES.map((lng) => (
        <MenuItem key={lng} selected={lng === active} onClick={() => onChoose(lng)} lang={lng}>
          <ListItemText primary={t(`language.${lng}`)} />
          <ListItemIcon sx={{ justifyContent: 'flex-end', visibility: lng === active ? 'visible' : 'hidden' }}>
            <CheckRounded fontSize="small" color="primary" />
          </ListItemIcon>
        </MenuItem>
      ))}
    </Menu>
  );
}
