import { startLiveMigrationBodySchema } from '@switchboard/shared';
import type { StartLiveMigrationBody } from '@switchboard/shared';

export interface LiveForm {
  sourceUrl: string;
  sourceAppId: string;
  sourceMasterKey: string;
  downloadFiles: boolean;
}

export type LiveField = 'sourceUrl' | 'sourceAppId' | 'sourceMasterKey';

export type LiveFormResult = { ok: true; body: StartLiveMigrationBody } | { ok: false; invalid: LiveField[] };

const FIELDS: readonly string[] = ['sourceUrl', 'sourceAppId', 'sourceMasterKey'];

/**
 * Checks the live-copy form with the contract's own schema, so the page refuses exactly what the
 * bff would. The fields at fault are named; the page words them in the reader's language.
 */
export function validateLiveForm(form: LiveForm): LiveFormResult {
  const parsed = startLiveMigrationBodySchema.safeParse(form);
  if (parsed.success) return { ok: true, body: parsed.data };
  const invalid = new Set<LiveField>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && FIELDS.includes(field)) invalid.add(field as LiveField);
  }
  return { ok: false, invalid: [...invalid] };
}
