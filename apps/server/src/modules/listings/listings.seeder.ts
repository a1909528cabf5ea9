import type { App } from '../../platform/app-context.ts';

/** Placeholder until its helper lands it (issue 16). */
export function registerListingSeeders(_app: App): void {}
