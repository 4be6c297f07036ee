import { consoleRoutes } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request } from 'express';
import {
  createConsoleUser,
  endConsoleUserSessions,
  listConsoleUsers,
  resetConsoleUserPassword,
  resetConsoleUserTotp,
  updateConsoleUser,
} from '../../domain/console-users';
import type { AdminContext } from '../../domain/console-users';
import { notFound, unauthenticated } from '../../domain/errors';
import { requestMeta } from '../context';
import { parseBody } from '../errors';
import { requirePermission } from '../session-cookie';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Console user ids are UUIDs; anything else names no one (and never reaches the database). */
function idOf(req: Request): string {
  const id = typeof req.params.id === 'string' ? req.params.id : '';
  if (!UUID.test(id)) throw notFound('There is no such console user.');
  return id;
}

/** The admin API over console users: who may sign in, with which role in which app. */
export function consoleUserRoutes(sql: Sql, appIds: readonly string[]): Router {
  const r = Router();
  const manage = requirePermission(sql, 'console_users.manage');
  const ctx = (req: Request): AdminContext => {
    if (!req.user) throw unauthenticated();
    return { sql, actor: req.user, meta: requestMeta(req), appIds };
  };

  r.get(consoleRoutes.listConsoleUsers.path, manage, async (_req, res) => {
    res.json({ users: await listConsoleUsers(sql) });
  });

  r.post(consoleRoutes.createConsoleUser.path, manage, async (req, res) => {
    const body = parseBody(consoleRoutes.createConsoleUser.body, req.body);
    res.status(201).json(await createConsoleUser(ctx(req), body));
  });

  r.put(consoleRoutes.updateConsoleUser.path, manage, async (req, res) => {
    const body = parseBody(consoleRoutes.updateConsoleUser.body, req.body);
    res.json({ user: await updateConsoleUser(ctx(req), idOf(req), body) });
  });

  r.post(consoleRoutes.resetConsoleUserPassword.path, manage, async (req, res) => {
    parseBody(consoleRoutes.resetConsoleUserPassword.body, req.body);
    res.json(await resetConsoleUserPassword(ctx(req), idOf(req)));
  });

  r.delete(consoleRoutes.endConsoleUserSessions.path, manage, async (req, res) => {
    res.json({ ended: await endConsoleUserSessions(ctx(req), idOf(req)) });
  });

  r.delete(consoleRoutes.resetConsoleUserTotp.path, manage, async (req, res) => {
    res.json({ user: await resetConsoleUserTotp(ctx(req), idOf(req)) });
  });

  return r;
}
