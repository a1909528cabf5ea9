export * from './countdown.ts';
export { CountdownText, type CountdownTextProps, DeadlineCountdown } from './countdown-text.tsx';
export { centsToDollarInput, parseDollarsToCents } from './dollars.ts';
export { DomainMetricsGrid, KeyMetricsText } from './domain-metrics.tsx';
export { LiveCountdown, type LiveCountdownProps } from './live-countdown.tsx';
export { LotTypeChip } from './lot-type-chip.tsx';
export { MoneyText, type MoneyTextProps } from './money-text.tsx';
export {
  learnServerTime,
  learnServerTimeFromOrders,
  serverClockOffsetMs,
  serverNowMs,
  serverTimeOfOrders,
  useServerNow,
  useServerOffsetMs,
} from './server-clock.ts';
export { useNow } from './use-now.ts';
