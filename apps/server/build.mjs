// Bundles the server (and the contract it imports) into dist/main.js; node_modules stay external.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The workspace contract is TypeScript source: bundle it instead of leaving it external.
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        b.onResolve({ filter: /^@namebourse\/contract$/ }, () => ({
          path: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
console.log('server built → apps/server/dist/main.js');
