export * from './account.ts';
export * from './platform.ts';
export * from './support.ts';
