/**
 * The engine registry: which engine runs each feature (config.engines: `local` by default, `fal`
 * when FAL_KEY is set, ENGINES overrides per feature) and the engines themselves, each built once,
 * on first use. With FAL_KEY it also mounts fal's webhook route, which wakes the runs of this
 * process waiting on a fal request.
 */
import type { EngineName } from '../../src/contract/expected-durations.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { Config } from '../config.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createFalEngine, createFalWebhookRoutes, createFalWebhookVerifier, type FalEngine } from './fal/index.ts';
import { createLocalEngine } from './local/index.ts';
import { ISNET_ADDON_DIR, isnetInstalled } from './local/models/isnet.ts';
import type { Engine } from './types.ts';

export interface EngineRegistry {
  /** The engine configured for a feature (recorded on each job at submit). */
  nameFor(feature: Feature): EngineName;
  /** The engine of that name. @throws when it cannot run here (fal without FAL_KEY). */
  get(name: EngineName): Engine;
  /** The engines' own routes (fal's webhook, with FAL_KEY). */
  routes(): Area;
}

export interface EngineRegistryOptions {
  config: Pick<Config, 'engines' | 'fal' | 'publicUrl'> & Partial<Pick<Config, 'cutoutAddon'>>;
  logger: Logger;
  /**
   * Engines to use instead of the real ones (tests only: e.g. a deliberately slow engine for the
   * crash tests). Production never sets it.
   */
  overrides?: Partial<Record<EngineName, Engine>>;
}

export function createEngineRegistry(options: EngineRegistryOptions): EngineRegistry {
  const { config, logger } = options;
  if (config.cutoutAddon === 'isnet' && !isnetInstalled()) {
    throw new Error('CUTOUT_ADDON=isnet is set but the ISNet add-on is not installed: run `npm run addon:isnet` first, or unset CUTOUT_ADDON');
  }
  let local: Engine | undefined;
  let fal: FalEngine | undefined;
  const falEngine = (): FalEngine => {
    if (!config.fal) throw new Error('the fal engine needs FAL_KEY');
    fal ??= createFalEngine({ config: config.fal, publicUrl: config.publicUrl, logger });
    return fal;
  };
  return {
    nameFor: (feature) => config.engines[feature],
    get(name) {
      const override = options.overrides?.[name];
      if (override) return override;
      if (name === 'local') return (local ??= createLocalEngine({ logger, isnetDir: config.cutoutAddon === 'isnet' ? ISNET_ADDON_DIR : null }));
      return falEngine();
    },
    routes() {
      if (!config.fal || options.overrides?.fal) return [];
      const engine = falEngine();
      return [
        mountAt(
          '/api/engines/fal',
          createFalWebhookRoutes({
            verifier: createFalWebhookVerifier({ jwksUrl: engine.urls.jwks }),
            logger,
            onWebhook: (delivery) => engine.notify(delivery.requestId),
          }),
        ),
      ];
    },
  };
}
