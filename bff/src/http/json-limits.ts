import { JSON_PROBLEM_MESSAGES, jsonProblem, MAX_JSON_DEPTH } from '@switchboard/shared';
import express from 'express';
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

/** Most a request body may hold before sign-in: a login, a setup, a password (far less in fact). */
const SIGNED_OUT_LIMIT = '64kb';
const SIGNED_IN_LIMIT = '20mb';

/**
 * JSON bodies, parsed after the CSRF check and the session lookup: a request that fails either is
 * refused without its body being read, and one from nobody signed in may not make the console
 * parse megabytes (only the sign-in routes take a body without a session).
 */
export function jsonBodies() {
  const small = express.json({ limit: SIGNED_OUT_LIMIT });
  const big = express.json({ limit: SIGNED_IN_LIMIT });
  return (req: Request, res: Response, next: NextFunction): void => {
    (req.user ? big : small)(req, res, next);
  };
}
