import {
  fieldMessage,
  type Locale,
  postalCodeProblem,
  type RegionEntry,
  SaveBillingInfoRequestSchema,
  taxIdProblem,
} from '@namebourse/contract';

/**
 * The contract's billing schema plus the rules that need the region data: a province when the
 * country has any, the country's postal-code pattern and tax-id format (the server checks them again, with
 * the same messages: postalCodeProblem and taxIdProblem name the country's own rule). A message is a
 * contract field-message key, or the localised text when it has values ({example}).
 */
export function billingSchema(regions: readonly RegionEntry[], locale: Locale) {
  return SaveBillingInfoRequestSchema.superRefine((values, ctx) => {
    const country = regions.find((entry) => entry.c === values.country);
    if (!country) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: values.country ? 'choice' : 'required' });
      return;
    }
    if (country.s.length > 0 && !country.s.some((s) => s.c === values.province))
      ctx.addIssue({ code: 'custom', path: ['province'], message: values.province ? 'choice' : 'required' });
    const postal = postalCodeProblem(country.c, values.postalCode ?? '');
    if (postal)
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: postal.params ? fieldMessage(postal.key, locale, postal.params) : postal.key,
      });
    const taxId = taxIdProblem(country.c, values.taxId ?? '');
    if (taxId) ctx.addIssue({ code: 'custom', path: ['taxId'], message: taxId });
    if (values.phone && !values.phoneCountryCode)
      ctx.addIssue({ code: 'custom', path: ['phoneCountryCode'], message: 'required' });
  });
}
