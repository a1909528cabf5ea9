import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { readUserInfo } from '../lib/user-storage.ts';
import { openSupportChat } from './support-chat/chat-window-url.ts';

export interface SupportChatButtonProps {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  sx?: ButtonProps['sx'];
}

function ChatButton({ variant = 'outlined', size = 'medium', fullWidth = false, sx }: SupportChatButtonProps) {
  const { t } = useTranslation('support-chat');
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      startIcon={<SupportAgentOutlined />}
      // Spec §2: the chat opens in a new window with the stored user id and name (read at the click: a sign-in in
      // another tab counts).
      onClick={() => openSupportChat(readUserInfo())}
      sx={[{ flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {t('button.label')}
    </Button>
  );
}

/**
 * 'Customer service chat' (在线客服): opens the chat window (the help centre, contact us and the console place it).
 * Renders nothing while its texts load, so it never holds up the page around it.
 */
export function SupportChatButton(props: SupportChatButtonProps) {
  return (
    <Suspense fallback={null}>
      <ChatButton {...props} />
    </Suspense>
  );
}

function ChatFab() {
  const { t } = useTranslation('support-chat');
  const label = t('button.label');
  return (
    <Tooltip title={label} placement="left">
      <Fab
        color="primary"
        size="medium"
        aria-label={label}
        onClick={() => openSupportChat(readUserInfo())}
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: (theme) => theme.zIndex.speedDial,
          '@media print': { display: 'none' },
        }}
      >
        <SupportAgentOutlined />
      </Fab>
    </Tooltip>
  );
}

/** The chat as a round button in the corner of the console's pages (every width; named 'Customer service chat'). */
export function SupportChatFab() {
  return (
    <Suspense fallback={null}>
      <ChatFab />
    </Suspense>
  );
}
