import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US/domains.json';
import zhCN from '../../../locales/zh-CN/domains.json';
import { REGISTRY_STATUSES, registryStatusKey } from './registry.ts';

describe('registryStatusKey', () => {
  it('names the RFC 8056 statuses, whatever their case, and nothing else', () => {
    expect(registryStatusKey('Client Transfer Prohibited')).toBe('client_transfer_prohibited');
    expect(registryStatusKey('redemption period')).toBe('redemption_period');
    expect(registryStatusKey('something new')).toBeNull();
  });
  it('has a text for every named status in both languages', () => {
    for (const status of REGISTRY_STATUSES) {
      const key = registryStatusKey(status) as string;
      expect((enUS.registryStatus as Record<string, string>)[key], key).toBeTruthy();
      expect((zhCN.registryStatus as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});
