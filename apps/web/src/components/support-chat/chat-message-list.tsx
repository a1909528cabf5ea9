import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ChatMessage, ChatSide } from '@namebourse/contract';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayTimeZone } from '../../lib/render-env.ts';
import { dayKey, formatChatDay, formatChatTime } from './chat-format.ts';
import { isReadBy, type PendingMessage } from './chat-state.ts';

export interface ChatMessageListProps {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  /** Whose messages are "mine" (right-hand bubbles). */
  side: ChatSide;
  /** The other side's newest read message (read receipts on mine). */
  peerReadId: string | null;
  /** Added to image links (a visitor's `token=…`; the browser cannot send a header for an <img>). */
  attachmentQuery?: string;
  hasMoreBefore?: boolean;
  loadingEarlier?: boolean;
  onLoadEarlier?: () => void;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
  /** The other side is typing: the text to show ('Support is typing…'), or null. */
  typingText?: string | null;
  /** Shown when there is no message yet. */
  empty?: ReactNode;
  /** The accessible name of the message log. */
  label: string;
}

function withQuery(url: string, query: string | undefined): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function AttachmentImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      component="a"
      href={src}
      target="_blank"
      rel="noopener"
      sx={{ display: 'block', mt: 0.5, borderRadius: 1.5, overflow: 'hidden', lineHeight: 0 }}
    >
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        sx={{
          display: 'block',
          maxWidth: 'min(100%, 240px)',
          maxHeight: 260,
          minWidth: 48,
          minHeight: 48,
          objectFit: 'contain',
          bgcolor: 'action.hover',
        }}
      />
    </Box>
  );
}

interface BubbleProps {
  mine: boolean;
  author?: ReactNode;
  children: ReactNode;
  meta: ReactNode;
  faded?: boolean;
  testId?: string;
}

function Bubble({ mine, author, children, meta, faded, testId }: BubbleProps) {
  return (
    <Box
      component="li"
      data-testid={testId}
      data-mine={mine ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        maxWidth: '100%',
      }}
    >
      {author ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1, mb: 0.25 }}>
          {author}
        </Typography>
      ) : null}
      <Box
        sx={(theme) => ({
          maxWidth: 'min(82%, 520px)',
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderTopRightRadius: mine ? 6 : undefined,
          borderTopLeftRadius: mine ? undefined : 6,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 'none' : `1px solid ${theme.palette.divider}`,
          boxShadow: mine ? 'none' : `0 1px 2px ${alpha(theme.palette.common.black, 0.05)}`,
          opacity: faded ? 0.72 : 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          typography: 'body2',
          lineHeight: 1.6,
        })}
      >
        {children}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          mt: 0.25,
          px: 0.75,
          color: 'text.secondary',
          typography: 'caption',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {meta}
      </Box>
    </Box>
  );
}

function DaySeparator({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', display: 'flex', justifyContent: 'center', my: 1 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ px: 1.25, py: 0.25, borderRadius: 999, bgcolor: 'action.hover' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The conversation: day lines, my messages on the right and the other side's on the left, each with its time; an
 * image opens full size; under my newest message 'Read' once the other side has read it. Unconfirmed messages
 * follow, marked 'Sending…' or 'Not sent' with Retry. The list is a live log, so screen readers hear new messages.
 */
export function ChatMessageList({
  messages,
  pending,
  side,
  peerReadId,
  attachmentQuery,
  hasMoreBefore = false,
  loadingEarlier = false,
  onLoadEarlier,
  onRetry,
  onDiscard,
  typingText = null,
  empty,
  label,
}: ChatMessageListProps) {
  const { t, i18n } = useTranslation('support-chat');
  const timeZone = useDisplayTimeZone();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const firstId = messages[0]?.messageId ?? null;
  const previousFirst = useRef<string | null>(firstId);
  const previousHeight = useRef(0);

  const lastMine = [...messages].reverse().find((m) => m.author === side);

  // Keep the newest message in view while the reader is at the bottom; keep the position when older ones load.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (previousFirst.current !== firstId && previousFirst.current !== null && previousHeight.current > 0) {
      element.scrollTop += element.scrollHeight - previousHeight.current;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    previousFirst.current = firstId;
    previousHeight.current = element.scrollHeight;
  });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  const items: ReactNode[] = [];
  let lastDay = '';
  let lastAuthor: string | null = null;
  for (const message of messages) {
    const day = dayKey(message.createdAt, timeZone);
    if (day !== lastDay) {
      items.push(
        <DaySeparator key={`day-${day}-${message.messageId}`}>
          {formatChatDay(message.createdAt, lng, timeZone)}
        </DaySeparator>,
      );
      lastDay = day;
      lastAuthor = null;
    }
    if (message.author === 'system') {
      items.push(
        <Box component="li" key={message.messageId} sx={{ listStyle: 'none', textAlign: 'center', px: 2, my: 0.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
            {message.body}
          </Typography>
        </Box>,
      );
      lastAuthor = null;
      continue;
    }
    const mine = message.author === side;
    const authorKey = `${message.author}:${message.authorName ?? ''}`;
    const showAuthor = !mine && authorKey !== lastAuthor;
    lastAuthor = authorKey;
    const time = formatChatTime(message.createdAt, lng, timeZone);
    const read = mine && message === lastMine && isReadBy(peerReadId, message.messageId);
    items.push(
      <Bubble
        key={message.messageId}
        mine={mine}
        testId="chat-message"
        author={showAuthor ? (message.authorName ?? t(`chat.author.${message.author}`)) : null}
        meta={
          <>
            <time dateTime={message.createdAt}>{time}</time>
            {mine && message === lastMine ? (
              read ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'primary.main' }}
                >
                  <DoneAllRounded sx={{ fontSize: 14 }} aria-hidden />
                  {t('chat.read')}
                </Box>
              ) : (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                  <DoneRounded sx={{ fontSize: 14 }} aria-hidden />
                  {t('chat.sent')}
                </Box>
              )
            ) : null}
          </>
        }
      >
        {message.body ? <span>{message.body}</span> : null}
        {message.attachment ? (
          <AttachmentImage
            src={withQuery(message.attachment.url, attachmentQuery)}
            alt={t('chat.imageAlt', { name: message.attachment.fileName })}
          />
        ) : null}
      </Bubble>,
    );
  }

  for (const item of pending) {
    const failed = item.state === 'failed';
    items.push(
      <Bubble
        key={`pending-${item.clientId}`}
        mine
        faded={!failed}
        testId="chat-pending"
        meta={
          failed ? (
            <Box
              component="span"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                color: 'error.main',
                flexWrap: 'wrap',
                justifyContent: 'flex-end',
              }}
            >
              <ErrorOutlineRounded sx={{ fontSize: 14 }} aria-hidden />
              <span>{item.error ?? t('chat.notSent')}</span>
              {onRetry ? (
                <Button
                  size="small"
                  onClick={() => onRetry(item.clientId)}
                  sx={{ minWidth: 0, py: 0, px: 0.5, fontSize: 12 }}
                >
                  {t('chat.retry')}
                </Button>
              ) : null}
              {onDiscard ? (
                <Button
                  size="small"
                  color="inherit"
                  onClick={() => onDiscard(item.clientId)}
                  sx={{ minWidth: 0, py: 0, px: 0.5, fontSize: 12 }}
                >
                  {t('chat.discard')}
                </Button>
              ) : null}
            </Box>
          ) : (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
              <ScheduleRounded sx={{ fontSize: 14 }} aria-hidden />
              {t('chat.sending')}
            </Box>
          )
        }
      >
        {item.body ? <span>{item.body}</span> : null}
        {item.previewUrl ? <AttachmentImage src={item.previewUrl} alt={t('chat.imagePreviewAlt')} /> : null}
      </Bubble>,
    );
  }

  return (
    <Box
      ref={scroller}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 2 }, py: 1.5, bgcolor: 'background.default' }}
    >
      {hasMoreBefore && onLoadEarlier ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <Button size="small" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? t('chat.loadingEarlier') : t('chat.loadEarlier')}
          </Button>
        </Box>
      ) : null}
      {items.length === 0 && empty ? <Box sx={{ py: 4 }}>{empty}</Box> : null}
      <Box role="log" aria-live="polite" aria-label={label}>
        <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {items}
        </Box>
      </Box>
      {typingText ? (
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, px: 1, color: 'text.secondary' }}
        >
          <TypingDots />
          <Typography variant="caption">{typingText}</Typography>
        </Box>
      ) : null}
    </Box>
  );
}

function TypingDots() {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'inline-flex',
        gap: '3px',
        '& span': {
          width: 5,
          height: 5,
          borderRadius: '50%',
          bgcolor: 'text.disabled',
          animation: 'chatTyping 1.2s infinite ease-in-out',
        },
        '& span:nth-of-type(2)': { animationDelay: '0.15s' },
        '& span:nth-of-type(3)': { animationDelay: '0.3s' },
        '@keyframes chatTyping': {
          '0%, 80%, 100%': { opacity: 0.3, transform: 'translateY(0)' },
          '40%': { opacity: 1, transform: 'translateY(-2px)' },
        },
        '@media (prefers-reduced-motion: reduce)': { '& span': { animation: 'none' } },
      }}
    >
      <span />
      <span />
      <span />
    </Box>
  );
}
