import type { AkEligibility } from '../api/check-can-create-ak.ts';

export interface EligibilityRequirement {
  key: 'spent' | 'available';
  currentCents: number;
  requiredCents: number;
  met: boolean;
  /** 0–100, for a progress bar. */
  progress: number;
}

/**
 * The two conditions of API access (spec §6): spending over 24 months and available balance. As the server
 * decides (contract API_ACCESS): an amount meets its requirement when it is at least the required amount.
 */
export function isAccessLocked(eligibility: AkEligibility): boolean {
  return !eligibility.canCreate && eligibility.reason !== 'KEY_LIMIT_REACHED';
}

export function eligibilityRequirements(eligibility: AkEligibility): EligibilityRequirement[] {
  const row = (key: EligibilityRequirement['key'], current: number, required: number): EligibilityRequirement => ({
    key,
    currentCents: current,
    requiredCents: required,
    met: current >= required,
    progress: required <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor((current / required) * 100))),
  });
  return [
    row('spent', eligibility.spentCents, eligibility.requiredSpentCents),
    row('available', eligibility.availableCents, eligibility.requiredAvailableCents),
  ];
}
