import type { ConsoleRole, ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { UpstreamApp } from '../../apps-config';
import type { UpstreamClient } from '../../upstream/client';
import { record } from '../audit';
import type { AuditInput, RequestMeta } from '../audit';

/** Everything one proxied console request needs: who asks, in which app, and where to log it. */
export interface ProxyContext {
  sql: Sql;
  user: ConsoleUser;
  /** The user's role in this app. */
  role: ConsoleRole;
  app: UpstreamApp;
  client: UpstreamClient;
  meta: RequestMeta;
}

/** One console request for the upstream API; the path is decoded and already checked. */
export interface UpstreamCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Entry = Omit<AuditInput, keyof RequestMeta | 'actor' | 'app'>;

/** An audit entry of this request, as this user with their role in this app. */
export const entryOf = <E extends Partial<Entry>>(ctx: ProxyContext, e: E) => ({
  ...ctx.meta,
  actor: { id: ctx.user.id, email: ctx.user.email, role: ctx.role },
  app: ctx.app.id,
  ...e,
});

/** Appends an audit entry for this request. */
export const audit = (ctx: ProxyContext, e: Entry) => record(ctx.sql, entryOf(ctx, e));
