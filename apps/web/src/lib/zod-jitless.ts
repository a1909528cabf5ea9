/**
 * zod as the browser build sees it (vite.config.ts aliases `zod` here): the same library, told not to compile
 * validators with `new Function`. The CSP allows no eval; without this, zod's first parse probes eval and the
 * browser reports a CSP violation (a Lighthouse best-practices failure on every page with a form).
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
