import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { type ApiError, isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';

/** A profile form that saves a phone, with a code when the phone is new. */
export interface PhoneCodeForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  setFocus: UseFormSetFocus<T>;
}

const CODE = 'verifyCode';

/** Whether the code is missing for a new phone; if so the code field says so and takes the focus. */
export function codeMissing<T extends FieldValues>(
  form: PhoneCodeForm<T>,
  needsCode: boolean,
  code: string | undefined,
): boolean {
  if (!needsCode || code) return false;
  form.setError(CODE as Path<T>, { type: 'required', message: 'verifyCodeRequired' });
  form.setFocus(CODE as Path<T>);
  return true;
}

/**
 * Places a failed save: a code error on the code field (worded by `codeMessage`), field errors on
 * their fields; returns the error to show above the buttons, or null when a field shows it.
 */
export function placeSaveError<T extends FieldValues>(
  form: PhoneCodeForm<T>,
  error: unknown,
  fields: readonly Path<T>[],
  codeMessage: (error: ApiError) => string = (codeError) => codeError.message,
): unknown {
  if (isApiError(error) && error.code.startsWith('Verification.Code')) {
    form.setError(CODE as Path<T>, { type: 'server', message: codeMessage(error) });
    form.setFocus(CODE as Path<T>);
    return null;
  }
  const { first, other } = applyServerFieldErrors<T>(error, fields, form.setError);
  if (first) form.setFocus(first);
  else if (other.length === 0) return error;
  return null;
}
