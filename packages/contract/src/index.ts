export * from './account.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './platform.ts';
export * from './profile.ts';
export * from './support.ts';
export * from './security.ts';
