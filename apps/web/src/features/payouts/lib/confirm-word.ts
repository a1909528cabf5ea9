/** The word typed to confirm a destructive action (spec §5: 'some confirmations require typing the word Confirm'). */
export const CONFIRM_WORD = 'Confirm';

/** Exactly the word, ignoring surrounding spaces (case matters, as the prompt shows it). */
export function isConfirmWord(value: string): boolean {
  return value.trim() === CONFIRM_WORD;
}
