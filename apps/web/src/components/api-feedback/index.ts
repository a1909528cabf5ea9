export { ApiFeedbackHost } from './api-feedback-host.tsx';
export { CodeButton, type CodeButtonProps } from './code-button.tsx';
export { ContactInfoDialog } from './contact-info-dialog.tsx';
export { copyText } from './copy-text.ts';
export { ErrorView, type ErrorViewProps } from './error-view.tsx';
export { InsufficientBalanceDialog, rechargeLink } from './insufficient-balance-dialog.tsx';
export { MfaDialog } from './mfa-dialog.tsx';
export { type Countdown, countdownAfterError, countdownAfterSend, useCountdown } from './use-countdown.ts';
