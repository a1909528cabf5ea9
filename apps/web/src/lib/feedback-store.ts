import type { MfaChallenge, MfaMethod } from '@namebourse/contract';
import { useSyncExternalStore } from 'react';

/**
 * A tiny external store: the bridge between the request pipeline (lib/api-client.ts), which
 * asks for toasts and dialogs, and `ApiFeedbackHost`, which renders them.
 */

export type ToastSeverity = 'error' | 'warning' | 'info' | 'success';

export interface ToastState {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export interface MfaFactorInput {
  method: MfaMethod;
  token: string;
}

export interface MfaDialogState {
  id: number;
  challenge: MfaChallenge;
  /** Attempts the server still allows (updated by an `Account.Mfa.Required.Retry` reply). */
  attemptsLeft: number;
  /** Per-factor tips shown under each field, by method. */
  tips: Partial<Record<MfaMethod, string>>;
  /** Message of the last failed attempt, shown in the dialog. */
  error: string;
  submitting: boolean;
  /** Retries the original request with the given factors; settles when the dialog may act again. */
  submit: (factors: MfaFactorInput[]) => Promise<void>;
  cancel: () => void;
}

/**
 * The 'Insufficient balance' prompt (Funds.InsufficientBalance): the shortfall when known. Its title is the
 * catalogue's message of the code, the same text the server sends.
 */
export interface InsufficientBalancePrompt {
  shortfallCents: number | null;
}

export interface FeedbackState {
  toast: ToastState | null;
  /** Open MFA dialogs, oldest first; the host shows the first. */
  mfa: readonly MfaDialogState[];
  contactInfoOpen: boolean;
  /** The recharge prompt shown when a payment lacks funds; null when closed. */
  insufficientBalance: InsufficientBalancePrompt | null;
}

const INITIAL: FeedbackState = { toast: null, mfa: [], contactInfoOpen: false, insufficientBalance: null };

let state: FeedbackState = INITIAL;
let nextId = 1;
const listeners = new Set<() => void>();

function setState(next: FeedbackState): void {
  if (next === state) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getFeedbackState(): FeedbackState {
  return state;
}

export function subscribeFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useFeedbackState(): FeedbackState {
  return useSyncExternalStore(subscribeFeedback, getFeedbackState, getFeedbackState);
}

/** Shows a toast (replacing the current one); returns its id. */
/** True once the pipeline has anything to show (the host that renders it is downloaded then). */
export function hasFeedback(current: FeedbackState): boolean {
  return (
    current.toast !== null || current.mfa.length > 0 || current.contactInfoOpen || current.insufficientBalance !== null
  );
}

export function showToast(message: string, severity: ToastSeverity = 'error'): number {
  const id = nextId++;
  setState({ ...state, toast: { id, message, severity } });
  return id;
}

/** Hides the toast with that id (or whichever is shown). */
export function dismissToast(id?: number): void {
  if (!state.toast || (id !== undefined && state.toast.id !== id)) return;
  setState({ ...state, toast: null });
}

export function openMfaDialog(init: Omit<MfaDialogState, 'id'>): number {
  const id = nextId++;
  setState({ ...state, mfa: [...state.mfa, { ...init, id }] });
  return id;
}

export function updateMfaDialog(id: number, patch: Partial<Omit<MfaDialogState, 'id'>>): void {
  if (!state.mfa.some((dialog) => dialog.id === id)) return;
  setState({ ...state, mfa: state.mfa.map((dialog) => (dialog.id === id ? { ...dialog, ...patch } : dialog)) });
}

export function closeMfaDialog(id: number): void {
  if (!state.mfa.some((dialog) => dialog.id === id)) return;
  setState({ ...state, mfa: state.mfa.filter((dialog) => dialog.id !== id) });
}

export function openContactInfoDialog(): void {
  if (!state.contactInfoOpen) setState({ ...state, contactInfoOpen: true });
}

export function closeContactInfoDialog(): void {
  if (state.contactInfoOpen) setState({ ...state, contactInfoOpen: false });
}

export function openInsufficientBalanceDialog(prompt: InsufficientBalancePrompt): void {
  setState({ ...state, insufficientBalance: prompt });
}

export function closeInsufficientBalanceDialog(): void {
  if (state.insufficientBalance) setState({ ...state, insufficientBalance: null });
}

/** Back to the initial state (tests). Open MFA dialogs are dropped without settling. */
export function resetFeedbackStore(): void {
  setState(INITIAL);
}
