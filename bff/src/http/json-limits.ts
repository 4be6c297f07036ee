import { JSON_PROBLEM_MESSAGES, jsonProblem, MAX_JSON_DEPTH } from '@switchboard/shared';
import type { NextFunction, Request, Response } from 'express';
import { ConsoleError } from '../domain/errors';

/**
 * Request bodies nest at most as deep as the API allows (100 levels): deeper ones would be
 * refused by the app anyway, and nesting deep enough exhausts the stack of whatever walks it next
 * (JSON.stringify on the way upstream). The text itself is the app's to judge.
 */
export function jsonLimits(req: Request, _res: Response, next: NextFunction): void {
  const problem = req.body === undefined ? undefined : jsonProblem(req.body, MAX_JSON_DEPTH, false);
  if (problem) return next(new ConsoleError(400, 'bad_request', JSON_PROBLEM_MESSAGES[problem]));
  next();
}
