export * from './render.tsx';
export * from './server.ts';
