export * from './countdown';
export { useNow } from './use-now';
export {
  learnServerTime,
  learnServerTimeFromOrders,
  serverClockOffsetMs,
  serverNowMs,
  serverTimeOfOrders,
  useServerNow,
  useServerOffsetMs,
} from './server-clock';
export { CountdownText, type CountdownTextProps, DeadlineCountdown } from './countdown-text';
export { centsToDollarInput, parseDollarsToCents } from './dollars';
export { DomainMetricsGrid, KeyMetricsText } from './domain-metrics';
export { LiveCountdown, type LiveCountdownProps } from './live-countdown';
export { LotTypeChip } from './lot-type-chip';
export { MoneyText, type MoneyTextProps } from './money-text';
