import type { Executor } from '../db/client.js';
import { settingOnce } from '../db/settings.js';
import { generateVapidKeys, type VapidKeys } from '../integrations/web-push.js';

/** VAPID keys are generated on first start and kept in the database, shared by every instance. */
export function loadVapidKeys(db: Executor): Promise<VapidKeys> {
  return settingOnce(db, 'vapid', generateVapidKeys);
}
