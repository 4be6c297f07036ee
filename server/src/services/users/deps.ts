import type { Clock } from '../../lib/clock';
import type { ObjectApiDeps } from '../object-api';
import type { SettingsService } from '../settings';

/** What the account services share. */
export interface AccountDeps extends ObjectApiDeps {
  clock: Clock;
  settings: SettingsService;
}
