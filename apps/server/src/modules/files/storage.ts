import { createStorage } from '../../integrations/create-storage.js';
import type { FileStorage } from '../../integrations/storage.js';
import type { AppContext } from '../../platform/context.js';

/** One storage adapter per running app, made from its settings on first use. */
const adapters = new WeakMap<AppContext, FileStorage>();

export function storageOf(ctx: AppContext): FileStorage {
  let storage = adapters.get(ctx);
  if (!storage) {
    storage = createStorage(ctx.config.storage);
    adapters.set(ctx, storage);
  }
  return storage;
}
