/** TanStack Query keys of the profile area. */
export const profileKeys = {
  contactInfo: ['profile', 'contact-info'] as const,
  billingInfo: ['profile', 'billing-info'] as const,
  profile: ['profile', 'profile'] as const,
  settings: ['profile', 'settings'] as const,
};
