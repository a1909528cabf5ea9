/** Times in the chat: the hour and minute beside each message, a day line where the day changes. */

function locale(lng: string | undefined): string {
  return (lng ?? '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function formatChatTime(iso: string, lng?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--';
  return new Intl.DateTimeFormat(locale(lng), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** The calendar day of an instant in a zone, as a sortable key ('2026-11-27'). */
export function dayKey(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

export function formatChatDay(iso: string, lng?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lng), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone,
  }).format(date);
}

/** A waiting time as the desk shows it: '45 s', '12 min', '2 h 05 min'. */
export function waitingParts(seconds: number): { unit: 's' | 'min' | 'h'; h: number; min: number; s: number } {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { unit: 's', h: 0, min: 0, s };
  if (s < 3600) return { unit: 'min', h: 0, min: Math.floor(s / 60), s: s % 60 };
  return { unit: 'h', h: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60), s: s % 60 };
}
