/** PLACEHOLDER (lead): replaced by its helper (issue 16). */
export function EditListingPage() {
  return null;
}
