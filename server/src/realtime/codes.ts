/**
 * LeanCloud's realtime error codes, as the SDKs name them (leancloud-realtime src/error.js). A
 * command that fails is answered by an `error` command carrying one of them and the request's `i`.
 */
export const RtmCode = {
  AppNotAvailable: 4100,
  SignatureFailed: 4102,
  InvalidLogin: 4103,
  SessionRequired: 4105,
  FrameTooLong: 4109,
  SessionConflict: 4111,
  SessionTokenExpired: 4112,
  AppQuotaExceeded: 4113,
  KickedByApp: 4115,
  InternalError: 4200,
  ConversationSignatureFailed: 4302,
  ConversationNotFound: 4303,
  ConversationNotAllowed: 4308,
  ConversationBlacklisted: 4315,
  ConversationQueryFailed: 4310,
  ConversationLogFailed: 4311,
  ConversationMembershipRequired: 4317,
  TemporaryConversationExpired: 4323,
  InvalidMessagingTarget: 4401,
  MessageOwnershipRequired: 4403,
  MessageNotFound: 4404,
  OwnerPromotionNotAllowed: 5130,
  /** Not an SDK name: a command this server does not know or does not serve (yet). */
  Unsupported: 4200,
} as const;

/** A refusal of one command; the gateway turns it into an error command. */
export class RtmError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}
