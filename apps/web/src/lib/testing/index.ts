export * from './render';
export * from './server';
