export * from './account.ts';
export * from './platform.ts';
export * from './profile.ts';
export * from './security.ts';
export * from './support.ts';
