/**
 * `GET /api/config` (contract: src/contract/config.schema.ts): the public runtime settings of the PWA,
 * i.e. Firebase's web configuration (null hides Google sign-in) and whether dev tools answer.
 */
import { Hono } from 'hono';
import type { PublicConfig } from '../../src/contract/config.schema.ts';
import type { Config } from '../config.ts';
import type { AppEnv } from '../http/types.ts';

export function publicConfig(config: Pick<Config, 'firebase' | 'devTools'>): PublicConfig {
  const firebase = config.firebase;
  return {
    firebase: firebase
      ? {
          apiKey: firebase.apiKey,
          authDomain: firebase.authDomain,
          projectId: firebase.projectId,
          authEmulatorUrl: firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null,
        }
      : null,
    devTools: config.devTools,
  };
}

export function publicConfigRoutes(config: Pick<Config, 'firebase' | 'devTools'>): Hono<AppEnv> {
  const body = publicConfig(config);
  return new Hono<AppEnv>().get('/', (c) => {
    // Fixed for the life of the process, but a deploy may change it: revalidate every time.
    c.header('Cache-Control', 'no-cache');
    return c.json(body);
  });
}
