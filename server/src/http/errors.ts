import { LcCode } from '@switchboard/shared';

/**
 * The one error type of the server: a spec error code, its HTTP status and a message a person
 * understands. Everything thrown elsewhere becomes code 1 / HTTP 500 and is logged.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: number, message: string) => new ApiError(400, code, message);

export const unauthorized = (message: string) => new ApiError(401, LcCode.Unauthorized, message);

export const forbidden = (message: string) => new ApiError(403, LcCode.Forbidden, message);

// LeanCloud's own wording (grammar included): SDKs and apps match on it.
export const CLASS_OR_OBJECT_MISSING = "Class or object doesn't exists.";

export const classNotFound = () => new ApiError(404, LcCode.ObjectNotFound, CLASS_OR_OBJECT_MISSING);

/** An update found no object with the id; a batch element reports it differently (code 1). */
export class ObjectMissingError extends ApiError {
  constructor(
    readonly className: string,
    readonly objectId: string,
  ) {
    super(404, LcCode.ObjectNotFound, CLASS_OR_OBJECT_MISSING);
  }
}

export const objectNotFound = (className: string, objectId: string) =>
  new ObjectMissingError(className, objectId);

/** How a batch element reports an update of a missing object (Doc 1 Errors: code 1). */
export const batchObjectMissing = (className: string, objectId: string) =>
  badRequest(LcCode.Internal, `Could not find object by id '${objectId}' for class '${className}'.`);

export const invalidJson = (detail?: string) =>
  badRequest(
    LcCode.InvalidJson,
    `Malformed json object. A json dictionary is expected.${detail ? ` ${detail}` : ''}`,
  );

export const conditionNotMet = () =>
  badRequest(LcCode.ConditionNotMet, 'No effect on updating/deleting a document.');

export const masterKeyRequired = (what: string) =>
  forbidden(
    `The master key is required for ${what}; send X-LC-Key "<masterKey>,master" or a master X-LC-Sign.`,
  );
