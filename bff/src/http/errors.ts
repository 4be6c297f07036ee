import type { ConsoleErrorBody } from '@switchboard/shared';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ConsoleError, zodIssues } from '../domain/errors';

/** The console error model's body for one failure. */
export function errorBody(err: ConsoleError, requestId: string): ConsoleErrorBody {
  const body: ConsoleErrorBody = { code: err.code, message: err.message, requestId };
  if (err.details !== undefined) body.details = err.details;
  return body;
}

export function sendError(req: Request, res: Response, err: ConsoleError): void {
  if (err.headers) res.set(err.headers);
  res.status(err.status).json(errorBody(err, req.requestId));
}

/** Parses a console request body with its contract schema; failures are 400 validation_failed. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const details = zodIssues(r.error.issues);
  throw new ConsoleError(
    400,
    'validation_failed',
    details[0]?.message ?? 'The request is not valid.',
    details,
  );
}

/** The query string as name -> value; a name sent twice is refused rather than guessed at. */
export function singleQuery(req: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query)) {
    if (typeof v !== 'string')
      throw new ConsoleError(400, 'bad_request', `Send the query parameter "${k}" once.`);
    query[k] = v;
  }
  return query;
}

/** The last middleware: every failure leaves as the console error model, never as a stack trace. */
export function errorHandler(log: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (err instanceof ConsoleError) return sendError(req, res, err);
    const status = (err as { status?: unknown }).status;
    const type = (err as { type?: unknown }).type;
    if (type === 'entity.parse.failed') {
      return sendError(req, res, new ConsoleError(400, 'bad_request', 'The request body is not valid JSON.'));
    }
    if (type === 'entity.too.large') {
      return sendError(req, res, new ConsoleError(413, 'bad_request', 'The request body is too large.'));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(req, res, new ConsoleError(status, 'bad_request', 'The request is not valid.'));
    }
    log.error({ err, requestId: req.requestId }, 'unhandled error');
    sendError(req, res, new ConsoleError(500, 'internal', 'Something went wrong in the console server.'));
  };
}
