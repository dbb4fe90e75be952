import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { FirebasePublicConfigSchema, PublicConfigSchema, type FirebasePublicConfig, type PublicConfig } from '../../../contract/config.schema.ts';
import { api } from '../../../lib/api.ts';

/**
 * GET /api/config (src/contract/config.schema.ts). `firebase` is null when no identity provider is
 * configured; Google sign-in is then not offered at all.
 *
 * The answer is read loosely first and the Firebase part checked on use, so a half-configured
 * provider gives the error 'Firebase configuration validation failed' when someone tries
 * Google sign-in, instead of breaking every screen that reads the config.
 */
const LooseConfigSchema = v.object({ firebase: v.nullable(v.unknown()), devTools: v.boolean() });
export type AppConfig = v.InferOutput<typeof LooseConfigSchema>;
export type FirebaseConfig = FirebasePublicConfig;

/** The Firebase settings are usable: every value present, the emulator address a URL. */
const UsableFirebaseConfigSchema = v.pipe(
  FirebasePublicConfigSchema,
  v.check((c) => Boolean(c.apiKey.trim() && c.authDomain.trim() && c.projectId.trim())),
  v.check((c) => c.authEmulatorUrl === null || URL.canParse(c.authEmulatorUrl)),
);

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: async ({ signal }) => v.parse(LooseConfigSchema, await api.get('/api/config', { signal })),
    // Deployment settings: they change with a release, not within a visit.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Google sign-in is offered: the server names an identity provider. */
export function hasFirebase(config: AppConfig | undefined): boolean {
  return Boolean(config?.firebase);
}

/** The identity provider's settings, or null when they fail validation. */
export function firebaseConfigOf(config: AppConfig | undefined): FirebaseConfig | null {
  if (!config?.firebase) return null;
  const parsed = v.safeParse(UsableFirebaseConfigSchema, config.firebase);
  return parsed.success ? parsed.output : null;
}

/** The strict view of the config, for the diagnostics page. */
export function strictConfig(config: AppConfig | undefined): PublicConfig | null {
  const parsed = v.safeParse(PublicConfigSchema, config);
  return parsed.success ? parsed.output : null;
}
