export { apiRequest, buildUrl, callRoute } from './client';
export { upstreamGet, upstreamSend } from './upstream';
export { uploadBody } from './upload';
export type { UploadOptions } from './upload';
export type { QueryValue, RequestOptions } from './client';
export {
  ConsoleApiError,
  CLIENT_ERROR_CODES,
  codeForStatus,
  isClientErrorCode,
  isRetryable,
  toConsoleApiError,
} from './error';
export type { ApiErrorCode, ClientErrorCode, ConsoleApiErrorInit } from './error';
