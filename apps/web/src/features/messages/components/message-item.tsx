import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Message } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { categoryOf, internalLink, type MessageCategory } from '../lib/message-kinds.ts';

/** Read by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  padding: 0,
  margin: '-1px',
} as const;

const CATEGORY_ICON: Record<MessageCategory, ReactNode> = {
  funds: <AccountBalanceWalletOutlined fontSize="small" />,
  payee: <AccountBalanceOutlined fontSize="small" />,
  settlement: <RequestQuoteOutlined fontSize="small" />,
  order: <ReceiptLongOutlined fontSize="small" />,
  auction: <GavelRounded fontSize="small" />,
  domain: <LanguageRounded fontSize="small" />,
  listing: <StorefrontOutlined fontSize="small" />,
  account: <GppMaybeOutlined fontSize="small" />,
  support: <SupportAgentOutlined fontSize="small" />,
};

/** One message: unread dot, icon, title, the whole body, time; the whole row opens it (and follows its link). */
export function MessageItem({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  const { t } = useTranslation('messages');
  const category = categoryOf(message.kind);
  const link = internalLink(message.link);
  const unread = !message.read;
  const title = message.title.trim() || t(`kinds.${message.kind}`, { defaultValue: t('untitled') });

  return (
    <Box component="li" sx={{ listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <ButtonBase
        component="div"
        role={link ? 'link' : 'button'}
        onClick={() => onOpen(message)}
        data-testid="message-item"
        data-read={message.read}
        sx={(theme) => ({
          width: '100%',
          textAlign: 'left',
          display: 'flex',
          alignItems: 'flex-start',
          gap: { xs: 1.25, md: 1.75 },
          px: { xs: 1.75, md: 2.5 },
          py: 2,
          bgcolor: unread ? alpha(theme.palette.primary.main, 0.035) : 'transparent',
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.06) },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        })}
      >
        <Box sx={{ width: 8, pt: 1.1, flexShrink: 0 }}>
          {unread ? (
            <Box
              data-testid="message-unread-dot"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main' }}
              aria-hidden
            />
          ) : null}
        </Box>
        <Box
          sx={(theme) => ({
            width: 36,
            height: 36,
            borderRadius: '50%',
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            color: unread ? 'primary.main' : 'text.secondary',
            bgcolor: unread ? alpha(theme.palette.primary.main, 0.1) : 'action.hover',
          })}
          title={t(`categories.${category}`)}
        >
          {CATEGORY_ICON[category]}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              gap: { xs: 0.25, sm: 1.5 },
              flexDirection: { xs: 'column', sm: 'row' },
            }}
          >
            <Typography
              component="div"
              sx={{ flex: 1, minWidth: 0, typography: 'textLg', fontWeight: unread ? 700 : 500, lineHeight: 1.45 }}
              data-testid="message-title"
            >
              {unread ? <Box component="span" sx={visuallyHidden}>{`${t('unreadMark')}: `}</Box> : null}
              {title}
            </Typography>
            <Typography
              component="time"
              dateTime={message.createdAt}
              variant="caption"
              color="text.secondary"
              sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {formatDateTime(message.createdAt)}
            </Typography>
          </Box>
          <Typography
            color="text.secondary"
            data-testid="message-body"
            sx={{
              mt: 0.5,
              typography: 'textMd',
              lineHeight: 1.65,
              whiteSpace: 'pre-line',
              wordBreak: 'break-word',
            }}
          >
            {message.body}
          </Typography>
          {link ? (
            <Typography
              component="span"
              sx={{
                mt: 0.75,
                display: 'inline-flex',
                alignItems: 'center',
                typography: 'textSm',
                color: 'primary.main',
              }}
            >
              {t('open')}
              <ChevronRightRounded sx={{ fontSize: 18 }} />
            </Typography>
          ) : null}
        </Box>
      </ButtonBase>
    </Box>
  );
}
