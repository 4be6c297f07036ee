import { z } from 'zod';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { appSettingsSchema } from '../services/settings';
import type { SettingsService } from '../services/settings';
import { listOutbox } from '../store/outbox';

const outboxQuery = z.looseObject({
  recipient: z.string().optional(),
  channel: z.enum(['mail', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/**
 * Switchboard's own additions under /1.1/switchboard (master key): the app settings of Doc 1
 * Authentication rule 6, and the outbox where mail and SMS land instead of a provider.
 */
export function switchboardRoutes(router: ApiRouter, settings: SettingsService): void {
  router.on('GET', '/1.1/switchboard/settings', async (req) => {
    requireMaster(req.auth, 'app settings');
    return { body: await settings.get(req.sql) };
  });
  router.on('PUT', '/1.1/switchboard/settings', async (req) => {
    requireMaster(req.auth, 'app settings');
    const patch = parseInput(appSettingsSchema.partial(), req.body, 'settings');
    return { body: await settings.update(req.sql, patch) };
  });
  router.on('GET', '/1.1/switchboard/outbox', async (req) => {
    requireMaster(req.auth, 'the outbox');
    const q = parseInput(outboxQuery, req.query, 'query parameters');
    return { body: { results: await listOutbox(req.sql, q) } };
  });
}
