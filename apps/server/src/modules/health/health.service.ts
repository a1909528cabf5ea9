import type { Health } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pingDatabase } from './health.repository.ts';

/** `{ status: 'ok', database: 'ok' }` when the database answers; Request.Unavailable (503) when it does not. */
export async function checkHealth(app: App): Promise<Health> {
  try {
    await pingDatabase(app.platform.db);
  } catch (err) {
    throw new AppError('Request.Unavailable', { cause: err });
  }
  return { status: 'ok', database: 'ok' };
}
