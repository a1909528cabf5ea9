import { CHAT_LIMITS, type ChatServerFrame, type ChatSide } from '@namebourse/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ChatClient, type ChatSnapshot, type WebSocketFactory } from './chat-socket.ts';
import { isTyping } from './chat-state.ts';

export interface UseChatClientOptions {
  /** The WebSocket URL; null keeps the client idle (nothing to join yet). */
  url: string | null;
  side: ChatSide;
  onQueueChanged?: () => void;
  onFrame?: (frame: ChatServerFrame) => void;
  /** See ChatClientOptions.beforeReconnect. */
  beforeReconnect?: () => Promise<number | null>;
  /** Tests: a fake WebSocket. */
  createSocket?: WebSocketFactory;
}

/**
 * One ChatClient per URL for the life of the component: connects on mount, reconnects at once when the browser
 * comes back online, closes on unmount. Returns the client and its snapshot.
 */
export function useChatClient({
  url,
  side,
  onQueueChanged,
  onFrame,
  beforeReconnect,
  createSocket,
}: UseChatClientOptions): {
  client: ChatClient | null;
  snapshot: ChatSnapshot | null;
} {
  const callbacks = useRef({ onQueueChanged, onFrame, beforeReconnect });
  callbacks.current = { onQueueChanged, onFrame, beforeReconnect };
  const [client, setClient] = useState<ChatClient | null>(null);

  useEffect(() => {
    if (!url) {
      setClient(null);
      return;
    }
    const next = new ChatClient({
      url,
      side,
      createSocket,
      onQueueChanged: () => callbacks.current.onQueueChanged?.(),
      onFrame: (frame) => callbacks.current.onFrame?.(frame),
      beforeReconnect: async () => (await callbacks.current.beforeReconnect?.()) ?? null,
    });
    setClient(next);
    next.start();
    const online = () => next.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      next.stop();
    };
  }, [url, side, createSocket]);

  const snapshot = useSyncExternalStore(
    client?.subscribe ?? noSubscription,
    client?.getSnapshot ?? nullSnapshot,
    nullSnapshot,
  );
  return { client, snapshot };
}

const noSubscription = () => () => {};
const nullSnapshot = () => null;

/** Whether the other side's typing indicator shows now; re-renders when it fades. */
export function usePeerTyping(peerTypingAt: number | null): boolean {
  const [, setTick] = useState(0);
  const typing = isTyping(peerTypingAt, Date.now(), CHAT_LIMITS.typingTtlMs);
  useEffect(() => {
    if (peerTypingAt === null) return;
    const left = peerTypingAt + CHAT_LIMITS.typingTtlMs - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), left + 10);
    return () => clearTimeout(timer);
  }, [peerTypingAt]);
  return typing;
}

/** Seconds until `at` (client clock), ticking each second; null when `at` is null. */
export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
