import { masterKeyRequired } from './errors';
import type { AuthContext } from './types';

/** Doc 1 Authentication rule 2: scan, schemas, exportData, censor and closed user queries need the master key. */
export function requireMaster(auth: AuthContext, what: string): void {
  if (!auth.master) throw masterKeyRequired(what);
}
