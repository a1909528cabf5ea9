/**
 * The request pipeline of spec §7 and §8, implemented once: headers, CSRF pre-call, credentials, timeout,
 * envelope handling, download mode, one refresh-and-retry on Account.Unauthorized, the MFA dialog and retry with
 * mfaVerification, the contact-info dialog, toasts and custom handlers. Pages never call fetch themselves.
 *
 * This is the entry point features import; the parts live beside it:
 * - api-error.ts     ApiError, the codes the pipeline acts on, `isHandledByPipeline`, readers of error data
 * - api-config.ts    call options, the client's configuration, texts, cookies, query strings
 * - api-files.ts     downloads (content-disposition, saving) and uploads with progress (XMLHttpRequest)
 * - api-exchange.ts  one HTTP exchange: URL, headers, body, timeout, envelope
 * - api-session.ts   the CSRF pre-call and the shared session refresh
 * - api-mfa.ts       the MFA dialog and the retry with mfaVerification
 * - api-pipeline.ts  the pipeline composing them, and `api`
 */

export {
  type ApiClientConfig,
  buildQueryString,
  type CallOptions,
  CONTACT_INFO_PATH,
  CSRF_PATH,
  configureApiClient,
  DEFAULT_BASE_URL,
  type DownloadOptions,
  defaultErrorMessage,
  type ErrorHandler,
  type ErrorMode,
  navigateTo,
  RECHARGE_PAGE_PATH,
  REFRESH_TOKEN_PATH,
  readCookie,
} from './api-config.ts';
export {
  API_CODES,
  ApiError,
  type ApiErrorInit,
  type ApiErrorKind,
  fieldErrorsOf,
  isApiError,
  isHandledByPipeline,
  retryAfterSecondsOf,
  shortfallCentsOf,
} from './api-error.ts';
export {
  type DownloadResult,
  filenameFromContentDisposition,
  type UploadProgress,
  type UploadTransport,
  xhrUpload,
} from './api-files.ts';
export { type ApiRequestInit, api, findHandler, resetApiClient } from './api-pipeline.ts';
export { SESSION_REFRESHED_AT_KEY } from './api-session.ts';
