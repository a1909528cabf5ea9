import {
  isPostalCodeOptional,
  isValidPostalCode,
  isValidTaxId,
  type RegionEntry,
  SaveBillingInfoRequestSchema,
} from '@namebourse/contract';

/**
 * The contract's billing schema plus the rules that need the region data: a province when the
 * country has any, the country's postal-code pattern and tax-id format (the server checks them again).
 */
export function billingSchema(regions: readonly RegionEntry[]) {
  return SaveBillingInfoRequestSchema.superRefine((values, ctx) => {
    const country = regions.find((entry) => entry.c === values.country);
    if (!country) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: values.country ? 'choice' : 'required' });
      return;
    }
    if (country.s.length > 0 && !country.s.some((s) => s.c === values.province))
      ctx.addIssue({ code: 'custom', path: ['province'], message: values.province ? 'choice' : 'required' });
    if (!isValidPostalCode(country.c, values.postalCode ?? ''))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: values.postalCode || isPostalCodeOptional(country.c) ? 'postalCodeInvalid' : 'required',
      });
    if (!isValidTaxId(country.c, values.taxId ?? ''))
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'taxIdInvalid' });
    if (values.phone && !values.phoneCountryCode)
      ctx.addIssue({ code: 'custom', path: ['phoneCountryCode'], message: 'required' });
  });
}
