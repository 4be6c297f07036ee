import { join } from 'node:path';
import { stack } from '../stack';

/** The log files of the stack the config starts (written by support/tee.ts). */
export const stackLogs = {
  server: join(stack.logDir, 'api-server.log'),
  bff: join(stack.logDir, 'console-backend.log'),
};

/**
 * A stack a test starts itself (`pnpm start`) has keys of its own; they are stored beside its log,
 * `<name>.keys.json` next to `<name>.log`, so the teardown can search that log for them too.
 */
export interface LoggedKeys {
  appKey: string;
  masterKey: string;
}

export const keysFileOf = (logFile: string): string => logFile.replace(/\.log$/, '.keys.json');
