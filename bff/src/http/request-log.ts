import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own extension point
  namespace Express {
    interface Request {
      /** The logger for this request: every line carries its request id. */
      log: Logger;
    }
  }
}

const levelFor = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/** The line logged for each finished request (at debug level: every request). */
export function logRequest(
  logger: Logger,
  r: { requestId: string; method: string; url: string; ip: string | undefined; status: number; ms: number },
): void {
  logger[levelFor(r.status)](
    {
      reqId: r.requestId,
      req: { method: r.method, url: r.url, remoteAddress: r.ip },
      res: { statusCode: r.status },
      responseTime: Math.round(r.ms),
    },
    'request completed',
  );
}

/**
 * `req.log` for handlers, and with `logEach` one line per finished request. The per-request child
 * logger is only built when a handler logs: most requests never do, and building one for each is
 * a visible share of a proxied read's cost.
 */
export function requestLog(logger: Logger, logEach: boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ reqId: req.requestId })),
    });
    if (logEach) {
      const started = performance.now();
      res.once('finish', () => {
        logRequest(logger, {
          requestId: req.requestId,
          method: req.method,
          url: req.originalUrl,
          ip: req.ip,
          status: res.statusCode,
          ms: performance.now() - started,
        });
      });
    }
    next();
  };
}
