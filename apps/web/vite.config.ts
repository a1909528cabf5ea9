import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server in development (apps/server listens on 3000). */
const BACKEND = process.env.NB_BACKEND_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/metrics', '/region-data.json', '/robots.txt', '/sitemap.xml'].map((path) => [
    path,
    // /api also carries the chat's WebSocket upgrade (/api/support/chat).
    { target: BACKEND, changeOrigin: false, ...(path === '/api' ? { ws: true } : {}) },
  ]),
);

/** Long-lived vendor chunks that the first page needs; everything else splits by route automatically. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 35 },
  { name: 'emotion', test: /node_modules[\\/](@emotion|stylis|hoist-non-react-statics)[\\/]/, priority: 30 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 28 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
  // The page's starter detects the language before any of the app is downloaded (lib/language-detection.ts).
  { name: 'language-detector', test: /node_modules[\\/]i18next-browser-languagedetector[\\/]/, priority: 21 },
];

/** The file the page's starter reads to prefetch the app (lib/prehydration/prefetch-app.ts). */
const APP_FILES = 'app-files.json';

/**
 * The smallest script worth prefetching (characters before compression). Each prefetch costs the phone's main thread
 * a little whatever its size: the large scripts (React, the router, i18next, the app's start: about 8 files and
 * over 80% of the bytes) are prefetched, the many small ones load when the app starts.
 */
const PREFETCH_MIN_CHARS = 20_000;

/**
 * Writes APP_FILES: the large scripts the app's start (src/start-app.tsx) imports statically, as addresses. A
 * server-rendered page's starter fetches them into the cache when the page is idle, without running them, so the
 * visitor's first tap waits mostly for hydration, not for the network.
 */
function appFiles(): Plugin {
  return {
    name: 'namebourse-app-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; code: string }>();
      let start: string | undefined;
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(fileName, output);
        if (output.facadeModuleId?.endsWith('/src/start-app.tsx')) start = fileName;
      }
      if (!start) this.error('src/start-app.tsx has no chunk');
      const files: string[] = [];
      const visit = (fileName: string) => {
        if (files.includes(fileName)) return;
        files.push(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(start);
      const large = files.filter((file) => (chunks.get(file)?.code.length ?? 0) >= PREFETCH_MIN_CHARS);
      this.emitFile({ type: 'asset', fileName: APP_FILES, source: JSON.stringify(large.map((file) => `/${file}`)) });
    },
  };
}

/**
 * Two builds: the browser's (`dist`, every asset also written as .br and .gz for the server to send as they are)
 * and the server renderer (`vite build --ssr src/ssr/entry-server.tsx`, into `dist-ssr`, dependencies left to Node).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          appFiles(),
          compression({
            algorithms: [
              ['brotliCompress', { params: { 0: 0, 1: 11 } }],
              ['gzip', { level: 9 }],
            ],
            include: /\.(js|mjs|css|json|svg|txt|xml|webmanifest|map)$/,
            threshold: 1024,
            skipIfLargerOrEqual: true,
          }),
        ]),
  ],
  resolve: isSsrBuild
    ? {}
    : { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        // One file: the server re-imports it after a rebuild (by its mtime), which chunks importing it back would defeat.
        rolldownOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        chunkSizeWarningLimit: 400,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: VENDOR_GROUPS },
          },
        },
      },
}));
