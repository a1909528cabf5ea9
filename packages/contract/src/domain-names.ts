/**
 * The parts of a domain name, one rule for the whole product (lots, My domains, the web): the TLD is
 * the last label, or the last two for the second-level suffixes domains are sold under
 * ('a.com.cn' → 'com.cn'); the name is what stands before it.
 */
export const TWO_LABEL_SUFFIXES: ReadonlySet<string> = new Set([
  'com.cn',
  'net.cn',
  'org.cn',
  'gov.cn',
  'edu.cn',
  'ac.cn',
  'com.hk',
  'com.tw',
  'co.uk',
  'org.uk',
  'co.jp',
  'com.au',
  'co.kr',
  'com.sg',
  'com.br',
]);

export interface DomainParts {
  /** The name before the TLD ('hao-che' of hao-che.com.cn). */
  name: string;
  /** The TLD without the leading dot ('com.cn'). */
  tld: string;
  /** The name's length in characters (code points). */
  length: number;
  hasHyphen: boolean;
}

/** Splits a (lower-case, valid) domain into its name and TLD. */
export function splitDomain(domain: string): DomainParts {
  const labels = domain.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const tldLabels = labels.length > 2 && TWO_LABEL_SUFFIXES.has(lastTwo) ? 2 : 1;
  const name = labels.slice(0, labels.length - tldLabels).join('.');
  const tld = labels.slice(labels.length - tldLabels).join('.');
  return { name, tld, length: [...name].length, hasHyphen: name.includes('-') };
}
