import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server in development (apps/server listens on 3000). */
const BACKEND = process.env.NB_BACKEND_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/metrics', '/region-data.json', '/robots.txt', '/sitemap.xml'].map((path) => [
    path,
    { target: BACKEND, changeOrigin: false },
  ]),
);

/** Long-lived vendor chunks that the first page needs; everything else splits by route automatically. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 35 },
  {
    name: 'mui',
    test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|hoist-non-react-statics|react-is|clsx|prop-types|@babel[\\/]runtime)[\\/]/,
    priority: 30,
    tags: ['$initial' as const],
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 28 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
