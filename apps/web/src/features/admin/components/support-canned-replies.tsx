import QuickreplyOutlined from '@mui/icons-material/QuickreplyOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { CHAT_CANNED_REPLIES, LOCALES, type Locale } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Canned replies in both languages: the customer's language first (marked), the other below; picking one puts its
 * text into the message field (the agent may edit it before sending).
 */
export function SupportCannedReplies({
  customerLocale,
  onInsert,
  disabled = false,
}: {
  customerLocale: Locale;
  onInsert: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin-support');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const order: Locale[] = [customerLocale, ...LOCALES.filter((locale) => locale !== customerLocale)];

  return (
    <>
      <Button
        size="small"
        startIcon={<QuickreplyOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
      >
        {t('canned.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))', maxHeight: 420 } },
          list: { 'aria-label': t('canned.menu') },
        }}
      >
        {order.flatMap((locale) => {
          const heading = `${t(`canned.language.${locale}`)}${locale === customerLocale ? ` · ${t('canned.customerLanguage')}` : ''}`;
          return [
            // A menu owns menu items and separators only: the language heading is a named separator (not a list item).
            <ListSubheader
              key={`h-${locale}`}
              component="div"
              role="separator"
              aria-label={heading}
              sx={{ lineHeight: '32px' }}
            >
              {heading}
            </ListSubheader>,
            ...CHAT_CANNED_REPLIES.map((reply) => (
              <MenuItem
                key={`${locale}-${reply.id}`}
                lang={locale}
                onClick={() => {
                  onInsert(reply[locale]);
                  setAnchor(null);
                }}
                sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
              >
                <ListItemText
                  primary={t(`canned.titles.${reply.id}`)}
                  secondary={reply[locale]}
                  slotProps={{
                    primary: { variant: 'body2', sx: { fontWeight: 600 } },
                    secondary: { variant: 'caption' },
                  }}
                />
              </MenuItem>
            )),
          ];
        })}
      </Menu>
    </>
  );
}
