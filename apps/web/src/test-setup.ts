import { initBundledI18n } from './lib/i18n.ts';
import { resources } from './lib/i18n-resources.ts';

// Web tests render with every text present, as the server renderer does: no namespace is ever loading.
initBundledI18n(resources);
