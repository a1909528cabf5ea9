import type { Resource } from 'i18next';
import { buildResources } from './i18n.ts';

/**
 * Every text of both languages, bundled: for the server renderer (it renders any page in either language) and
 * for tests. The browser never imports this; it loads each namespace on demand (lib/i18n.ts).
 */
const localeModules = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const resources: Resource = buildResources(localeModules);
