import { defaultAclSchema } from '@switchboard/shared';
import type { Acl, DefaultAclResponse } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { audit } from './proxy/context';
import type { ProxyContext } from './proxy/context';

interface Row {
  default_acl: unknown;
  updated_by: string | null;
  updated_at: Date | string;
}

const NONE: DefaultAclResponse = { defaultAcl: null, updatedAt: null, updatedBy: null };

/** Read back through the contract: a stored value that no longer fits reads as "not chosen". */
function fromRow(row: Row | undefined): DefaultAclResponse {
  if (!row) return NONE;
  const raw =
    typeof row.default_acl === 'string' ? (JSON.parse(row.default_acl) as unknown) : row.default_acl;
  const acl = defaultAclSchema.safeParse(raw);
  if (!acl.success) return NONE;
  return {
    defaultAcl: acl.data,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/** The app's default ACL for objects the console creates; null while nobody has chosen one. */
export async function getDefaultAcl(sql: Sql, app: string): Promise<DefaultAclResponse> {
  const rows = await sql.query<Row>(
    'SELECT default_acl, updated_by, updated_at FROM console_app_settings WHERE app = $1',
    [app],
  );
  return fromRow(rows[0]);
}

/** Replaces the app's default ACL, auditing the one before and after. */
export async function setDefaultAcl(ctx: ProxyContext, acl: Acl): Promise<DefaultAclResponse> {
  const before = await getDefaultAcl(ctx.sql, ctx.app.id);
  const rows = await ctx.sql.query<Row>(
    `INSERT INTO console_app_settings (app, default_acl, updated_by, updated_at)
     VALUES ($1, $2::jsonb, $3, now())
     ON CONFLICT (app) DO UPDATE SET
       default_acl = EXCLUDED.default_acl, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING default_acl, updated_by, updated_at`,
    [ctx.app.id, JSON.stringify(acl), ctx.user.email],
  );
  await audit(ctx, {
    action: 'console.set_default_acl',
    before: before.defaultAcl,
    after: acl,
    result: 'ok',
    status: 200,
  });
  return fromRow(rows[0]);
}
