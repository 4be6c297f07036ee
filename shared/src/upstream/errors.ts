import { z } from 'zod';

/**
 * Error codes of the upstream (LeanCloud-compatible) API. Numbers and default messages follow
 * LeanCloud's published error-code list so existing SDKs map them to the same exceptions.
 */
export const LcCode = {
  /** LeanCloud uses 1 both for internal errors and for invalid parameters without a code of their own. */
  Internal: 1,
  InvalidParameter: 1,
  ObjectNotFound: 101,
  InvalidClassName: 103,
  MissingObjectId: 104,
  InvalidKeyName: 105,
  InvalidPointer: 106,
  InvalidJson: 107,
  InvalidType: 111,
  ObjectTooLarge: 116,
  ReadOnlyField: 117,
  OperationForbidden: 119,
  InvalidNestedKey: 121,
  InvalidAcl: 123,
  /** "The request timed out on the server. Typically this indicates the request is too expensive." */
  Timeout: 124,
  InvalidRelation: 128,
  DuplicateValue: 137,
  ExceededQuota: 140,
  InvalidEmail: 125,
  InvalidPhoneNumber: 127,
  InvalidRoleName: 139,
  UsernameMissing: 200,
  PasswordMissing: 201,
  UsernameTaken: 202,
  EmailTaken: 203,
  EmailMissing: 204,
  EmailNotFound: 205,
  SessionMissing: 206,
  PasswordMismatch: 210,
  UserNotFound: 211,
  PhoneMissing: 212,
  PhoneNotFound: 213,
  PhoneTaken: 214,
  PhoneNotVerified: 215,
  EmailNotVerified: 216,
  AccountLocked: 219,
  SmsTooFrequent: 601,
  InvalidSmsCode: 603,
  /** Doc: LeanCloud error codes, 300 "CQL syntax error." (any CQL statement the server cannot run). */
  CqlSyntaxError: 300,
  InvalidGeoPoint: 302,
  ConditionNotMet: 305,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
} as const;

export type LcCodeValue = (typeof LcCode)[keyof typeof LcCode];

export const lcErrorSchema = z.object({
  code: z.number().int(),
  error: z.string(),
});

export type LcErrorBody = z.infer<typeof lcErrorSchema>;
