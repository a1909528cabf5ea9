import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatConversation } from '@namebourse/contract';
import { SUPPORT_HOURS } from '@namebourse/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Who is answering (or that the user waits for an agent), and the support hours. */
function statusLine(conversation: ChatConversation | null, t: TFunction<'support-chat'>): string {
  if (!conversation) return t('header.hours', { ...SUPPORT_HOURS.label });
  if (conversation.status === 'closed') return t('header.closed');
  if (conversation.agentName) return t('header.agent', { name: conversation.agentName });
  if (conversation.offline || !conversation.withinSupportHours) return t('header.leaveMessage');
  return t('header.waiting');
}

/** The window's title bar: the title, who answers, the connection's state (`connection`). */
export function ChatHeader({
  conversation,
  greeting,
  connection,
}: {
  conversation: ChatConversation | null;
  greeting: string | null;
  connection?: ReactNode;
}) {
  const { t } = useTranslation('support-chat');
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        color: 'common.white',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(255,255,255,0.18)',
          flexShrink: 0,
        }}
      >
        <SupportAgentOutlined fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h1" sx={{ fontWeight: 700, typography: 'textLg', lineHeight: 1.3 }} noWrap>
          {t('title')}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.9, display: 'block' }} noWrap data-testid="chat-status-line">
          {greeting ? `${greeting} · ` : ''}
          {statusLine(conversation, t)}
        </Typography>
      </Box>
      {connection ? (
        <Box
          sx={{
            flexShrink: 0,
            bgcolor: 'background.paper',
            borderRadius: 999,
            px: 1,
            py: 0.25,
            maxWidth: '46%',
          }}
        >
          {connection}
        </Box>
      ) : null}
    </Box>
  );
}
