/**
 * Generators for the API fuzz tests (fuzz-*.test.ts): request bodies, `where` clauses, query
 * parameters, paths and credentials, each a mix of valid input and the malformed kinds Doc 1
 * must answer with a 4xx: bad JSON, wrong member types, unknown operators, invalid names.
 */
export {
  FUZZ_CLASS,
  FUZZ_DEEP_CLASS,
  FUZZ_OTHER_CLASS,
  FUZZ_PATH_CLASS,
  FUZZ_TARGET_CLASS,
  SEED_FIELDS,
  seeded,
} from './common';
export type { FuzzRequest } from './common';
export { anyNumber, anyString, junk, keyName, longString, specialNumber, writeClassName } from './primitives';
export {
  aclValue,
  atomicOp,
  encodedValue,
  geoLike,
  isoLike,
  pointerLike,
  scalarValue,
  storableValue,
  wildBody,
} from './values';
export { nestedJson, objectBody, rawBody, validBody, validDate, validValue } from './bodies';
export { contentType, headerSafe, headerValue } from './headers';
export { regexPattern } from './regex';
export { operatorObject } from './where-wild';
export { whereObject, whereParam } from './where';
export { classQuery, paramString, queryParams } from './params';
export { createRequest, overrideRequest, updateRequest } from './writes';
export { encodeSegment, pathRequest } from './paths';
export { authRequest } from './auth';
export { batchRequest, scanRequest } from './batch';
