import { mapsProvider, type MapsProvider } from '../integrations/maps.js';
import type { AppContext } from './context.js';

/** One maps adapter per running app, made from its settings on first use; fallbacks are logged. */
const adapters = new WeakMap<AppContext, MapsProvider>();

export function mapsOf(ctx: AppContext): MapsProvider {
  let maps = adapters.get(ctx);
  if (!maps) {
    // The error itself, not its message: the log's serializer empties anything but an Error.
    maps = mapsProvider(ctx.config.maps, (provider, err) =>
      ctx.log?.warn({ code: 'MAPS_FALLBACK', provider, err }, 'maps provider failed: estimate used'),
    );
    adapters.set(ctx, maps);
  }
  return maps;
}
