/** `GET /api/config`: the runtime settings the PWA needs from the server (no sign-in). */
import * as v from 'valibot';

/** The Firebase web configuration for Google sign-in (all public values). */
export const FirebasePublicConfigSchema = v.object({
  apiKey: v.string(),
  authDomain: v.string(),
  projectId: v.string(),
  /** `http://host:port` of the Auth emulator the SDK must connect to, or null for the real service. */
  authEmulatorUrl: v.nullable(v.string()),
});
export type FirebasePublicConfig = v.InferOutput<typeof FirebasePublicConfigSchema>;

export const PublicConfigSchema = v.object({
  /** null when the server has no Firebase configuration: the PWA hides Google sign-in. */
  firebase: v.nullable(FirebasePublicConfigSchema),
  /** Whether /api/dev-tools answers (the /dev-tools page shows the outbox only then). */
  devTools: v.boolean(),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;
