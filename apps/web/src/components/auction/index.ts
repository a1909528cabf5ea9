export { clockOffsetMs, formatCountdown, secondsLeft, splitSeconds, urgencyOf } from './countdown';
export { centsToDollarInput, parseDollarsToCents } from './dollars';
export { DomainMetricsGrid, KeyMetricsText } from './domain-metrics';
export { LiveCountdown, type LiveCountdownProps } from './live-countdown';
export { LotTypeChip } from './lot-type-chip';
export { MoneyText, type MoneyTextProps } from './money-text';
export { useNow } from './use-now';
