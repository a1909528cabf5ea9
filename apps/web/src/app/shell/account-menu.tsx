import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { LoginState } from '@namebourse/contract';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOperator } from '../../lib/operator.ts';
import { BRAND, MONO_FONT_FAMILY } from '../theme.ts';
import { HoverPopup } from './hover-popup.tsx';
import { ACCOUNT_LINKS } from './nav-items.ts';

const ICONS: Record<(typeof ACCOUNT_LINKS)[number]['key'], ComponentType<SvgIconProps>> = {
  myAccount: PersonOutlineRounded,
  myFund: AccountBalanceWalletOutlined,
  myDomain: DnsOutlined,
  myAuction: GavelOutlined,
  mySales: StorefrontOutlined,
};

/** Spec §2: nickname or '--'; account id or '---'. */
export function displayNickname(info: LoginState): string {
  return info.nickname.trim() || '--';
}

export function displayAccountNo(info: LoginState): string {
  return info.accountNo.trim() || '---';
}

function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first && first !== '-' ? first.toUpperCase() : '?';
}

/** 'Operator console' for operators only (GET /api/admin/me, asked once the popup opens). */
function OperatorConsoleLink({ accountNo, onClick }: { accountNo: string; onClick: () => void }) {
  const { t } = useTranslation('shell');
  const operator = useOperator(accountNo);
  if (!operator.data) return null;
  return (
    <MenuItem component={RouterLink} to="/admin" onClick={onClick}>
      <ListItemIcon>
        <AdminPanelSettingsOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t('account.operatorConsole')} />
    </MenuItem>
  );
}

interface AccountMenuProps {
  userInfo: LoginState;
  onLogout: () => Promise<void>;
}

/** The user name in the top bar with the account popup under it (hover, or click / tap). */
export function AccountMenu({ userInfo, onLogout }: AccountMenuProps) {
  const { t } = useTranslation('shell');
  const [loggingOut, setLoggingOut] = useState(false);
  const nickname = displayNickname(userInfo);
  const accountNo = displayAccountNo(userInfo);

  const logout = async (close: () => void) => {
    setLoggingOut(true);
    try {
      await onLogout();
    } finally {
      setLoggingOut(false);
      close();
    }
  };

  return (
    <HoverPopup
      id="account-popup"
      placement="bottom-end"
      buttonProps={{
        color: 'inherit',
        'aria-label': t('account.menu', { name: nickname }),
        sx: {
          height: 44,
          pl: 0.5,
          pr: { xs: 0.5, sm: 1 },
          minWidth: 0,
          gap: 1,
          borderRadius: 999,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          '&[aria-expanded="true"]': { borderColor: 'primary.main' },
        },
      }}
      paperSx={{ width: 288 }}
      trigger={
        <>
          <Avatar sx={{ width: 34, height: 34, typography: 'textLg', fontWeight: 700, bgcolor: 'primary.main' }}>
            {initialOf(nickname)}
          </Avatar>
          <Box
            component="span"
            sx={{
              display: { xs: 'none', sm: 'block' },
              maxWidth: 132,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              typography: 'textMd',
            }}
          >
            {nickname}
          </Box>
          <ExpandMoreRounded fontSize="small" sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary' }} />
        </>
      }
    >
      {({ close, autoFocus }) => (
        <>
          <Box
            sx={{
              px: 2.5,
              py: 2,
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: 'common.white',
              backgroundImage: `linear-gradient(135deg, ${BRAND.blue} 0%, ${BRAND.violet} 100%)`,
            }}
          >
            <Avatar
              sx={{
                width: 44,
                height: 44,
                fontWeight: 700,
                bgcolor: 'rgba(255,255,255,0.18)',
                border: '1px solid rgba(255,255,255,0.4)',
              }}
            >
              {initialOf(nickname)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {t('account.greeting', { name: nickname })}
              </Typography>
              <Typography
                variant="caption"
                sx={{ display: 'block', opacity: 0.85, fontFamily: MONO_FONT_FAMILY, wordBreak: 'break-all' }}
              >
                {t('account.accountId', { id: accountNo })}
              </Typography>
            </Box>
          </Box>
          <MenuList autoFocusItem={autoFocus} sx={{ p: 1 }} aria-label={t('account.menu', { name: nickname })}>
            {ACCOUNT_LINKS.map((link) => {
              const Icon = ICONS[link.key];
              return (
                <MenuItem key={link.key} component={RouterLink} to={link.to} onClick={close}>
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t(link.label)} />
                </MenuItem>
              );
            })}
            <OperatorConsoleLink accountNo={userInfo.accountNo} onClick={close} />
            <Divider sx={{ my: 1 }} />
            <MenuItem disabled={loggingOut} onClick={() => void logout(close)} sx={{ color: 'text.secondary' }}>
              <ListItemIcon>
                <LogoutRounded fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={loggingOut ? t('account.loggingOut') : t('account.logout')} />
            </MenuItem>
          </MenuList>
        </>
      )}
    </HoverPopup>
  );
}
