import { configure } from '@testing-library/react';
import { initBundledI18n } from './lib/i18n.ts';
import { resources } from './lib/i18n-resources.ts';

// Web tests render with every text present, as the server renderer does: no namespace is ever loading.
initBundledI18n(resources);

// findBy… and waitFor wait up to 5 s (testing-library's default is 1 s): the whole suite runs its files in
// parallel on two cores, where a page's next render after a mocked answer can take longer than a second.
// A test that fails still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
