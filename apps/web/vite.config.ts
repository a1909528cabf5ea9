import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
  { name: 'emotion', test: /node_modules[\\/](@emotion|stylis|hoist-non-react-statics)[\\/]/, priority: 30 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 28 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
];

/**
 * The contract's zod schemas are values built at the top of its modules, beside constants the pages need (limits,
 * header names, the error catalogue). A schema built by nested calls cannot be dropped by a `@__PURE__` mark
 * alone (its arguments are calls too), so each top-level declaration whose value is a call chain is deferred into
 * a pure-marked arrow call: one a chunk does not use is dropped whole, and a page that uses no schema downloads
 * no zod.
 */
const CONTRACT_SOURCE = /packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isCallChain(node: AstNode | undefined): boolean {
  if (!node) return false;
  if (node.type === 'CallExpression') return true;
  if (node.type === 'MemberExpression') return isCallChain(node.object as AstNode);
  return false;
}

function pureContractSchemas(): Plugin {
  return {
    name: 'namebourse:pure-contract-schemas',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const edits: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as AstNode | null;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          const init = declarator.init as AstNode | undefined;
          if (init && isCallChain(init)) edits.push({ start: init.start, end: init.end });
        }
      }
      if (edits.length === 0) return null;
      const output = new MagicString(code);
      for (const { start, end } of edits) {
        output.appendLeft(start, '/* @__PURE__ */ (() => (');
        output.prependRight(end, '))()');
      }
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}

/**
 * Two builds: the browser's (`dist`, every asset also written as .br and .gz for the server to send as they are)
 * and the server renderer (`vite build --ssr src/ssr/entry-server.tsx`, into `dist-ssr`, dependencies left to Node).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    pureContractSchemas(),
    react(),
    ...(isSsrBuild
      ? []
      : [
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
