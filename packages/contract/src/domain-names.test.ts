import { describe, expect, it } from 'vitest';
import { splitDomain } from './domain-names.ts';

describe('splitDomain', () => {
  it('takes the last label as the TLD, or the last two for second-level suffixes', () => {
    expect(splitDomain('haoche.com.cn')).toEqual({ name: 'haoche', tld: 'com.cn', length: 6, hasHyphen: false });
    expect(splitDomain('hao-che.net')).toEqual({ name: 'hao-che', tld: 'net', length: 7, hasHyphen: true });
    expect(splitDomain('example.co.uk')).toMatchObject({ name: 'example', tld: 'co.uk' });
    expect(splitDomain('shop.example.com')).toMatchObject({ name: 'shop.example', tld: 'com' });
    expect(splitDomain('com.cn')).toMatchObject({ name: 'com', tld: 'cn' });
  });

  it('counts characters, not UTF-16 units, in the name', () => {
    expect(splitDomain('中文.com').length).toBe(2);
  });
});
