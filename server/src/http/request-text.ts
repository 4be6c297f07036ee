import { JSON_PROBLEM_MESSAGES, jsonProblem, LcCode } from '@switchboard/shared';
import { badRequest } from './errors';

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw badRequest(LcCode.InvalidParameter, 'The URL path is not valid percent-encoding.');
  }
}

/**
 * Path and query text must be storable: Postgres text holds neither NUL nor broken UTF-16. Checked
 * for every request and for every batch element, whose paths never pass through the transport.
 */
export function checkRequestText(path: string, query: Record<string, string>): void {
  for (const v of [safeDecode(path), ...Object.keys(query), ...Object.values(query)]) {
    const problem = jsonProblem(v);
    if (problem) throw badRequest(LcCode.InvalidParameter, JSON_PROBLEM_MESSAGES[problem]);
  }
}
