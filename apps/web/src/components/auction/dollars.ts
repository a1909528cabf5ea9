/**
 * Dollar text typed by a person ⇄ integer cents (DESIGN §1: money is integer cents; no floating point here).
 * Accepts "12", "12.5", "12.50", "1,234.56", "$ 99"; refuses negatives, more than two decimals and anything else.
 */
export function parseDollarsToCents(text: string | null | undefined): number | null {
  const cleaned = (text ?? '')
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(cents);
}

/** Cents as an input value: "12" for whole dollars, "12.50" otherwise. */
export function centsToDollarInput(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) return '';
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
