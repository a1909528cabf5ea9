/** TanStack Query keys of the security area. */
export const securityKeys = {
  all: ['security'] as const,
  info: () => [...securityKeys.all, 'info'] as const,
  bindingInfo: () => [...securityKeys.all, 'authenticator-binding'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  akEligibility: () => [...securityKeys.all, 'ak-eligibility'] as const,
  accessKeys: () => [...securityKeys.all, 'access-keys'] as const,
};
