/**
 * Third-party identity: who a Firebase ID token or a Google authorization code says the person is.
 *
 * - Firebase: firebase-admin verifies the ID token (signature, audience = our project, expiry).
 *   Against the Auth emulator it accepts the emulator's unsigned tokens instead; firebase-admin
 *   learns about the emulator only from the FIREBASE_AUTH_EMULATOR_HOST environment variable,
 *   so the configured value is written there before the Auth client is created.
 * - Google: the code is exchanged at Google's token endpoint for an OpenID Connect ID token.
 */
import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { decodeJwt } from 'jose';
import type { FirebaseConfig, GoogleConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { authError } from './errors.ts';

/** What the provider vouches for. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface FirebaseVerifier {
  /** @throws CodedError 401 `identityTokenInvalid` when the token does not verify. */
  verify(idToken: string): Promise<VerifiedIdentity>;
  close(): Promise<void>;
}

export function createFirebaseVerifier(config: FirebaseConfig, logger: Logger): FirebaseVerifier {
  // firebase-admin costs ~100 ms to load: only servers that see a Firebase sign-in pay for it.
  let client: Promise<{ app: App; auth: Auth }> | undefined;
  const connect = () =>
    (client ??= (async () => {
      const [{ initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
      if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
      // A named app per verifier: tests build several servers in one process.
      const app = initializeApp({ projectId: config.projectId }, `atelier-${randomUUID()}`);
      return { app, auth: getAuth(app) };
    })());
  return {
    async verify(idToken) {
      const { auth } = await connect();
      try {
        const token = await auth.verifyIdToken(idToken);
        return {
          uid: token.uid,
          email: typeof token.email === 'string' ? token.email : null,
          emailVerified: token.email_verified === true,
          name: typeof token.name === 'string' ? token.name : null,
          picture: typeof token.picture === 'string' ? token.picture : null,
        };
      } catch (error) {
        logger.info({ err: { code: (error as { code?: string }).code, message: (error as Error).message } }, 'firebase ID token rejected');
        throw authError(401, 'identityTokenInvalid', { cause: error });
      }
    },
    async close() {
      if (!client) return;
      const { app } = await client;
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(app);
    },
  };
}

/** How long Google's token endpoint may take to answer, in milliseconds. */
const GOOGLE_TIMEOUT_MS = 10_000;
/** Issuers of Google ID tokens (OpenID Connect discovery document). */
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

export interface GoogleExchange {
  /**
   * Exchanges an authorization code for the identity in its ID token.
   * @throws CodedError 401 `googleLoginFailed` when Google refuses the code or the token is not for us;
   *   502 when Google cannot be reached.
   */
  exchange(code: string, redirectUri: string, now: Date): Promise<VerifiedIdentity>;
}

export function createGoogleExchange(options: { client: GoogleConfig; tokenUrl: string; logger: Logger; fetch?: typeof fetch }): GoogleExchange {
  const doFetch = options.fetch ?? fetch;
  return {
    async exchange(code, redirectUri, now) {
      let response: Response;
      try {
        response = await doFetch(options.tokenUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({
            code,
            client_id: options.client.clientId,
            client_secret: options.client.clientSecret,
            redirect_uri: redirectUri,
            grant_type: 'authorization_code',
          }),
          signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
        });
      } catch (error) {
        options.logger.warn({ err: error }, 'google token endpoint unreachable');
        throw authError(502, 'googleLoginFailed', { cause: error });
      }
      const body = (await response.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
      if (!response.ok || typeof body?.id_token !== 'string') {
        options.logger.info({ status: response.status, error: body?.error }, 'google refused the authorization code');
        throw authError(401, 'googleLoginFailed');
      }
      // The ID token comes straight from Google's token endpoint over TLS, so its signature need
      // not be checked (OpenID Connect Core §3.1.3.7, item 6); its claims still must be for us.
      let claims: ReturnType<typeof decodeJwt>;
      try {
        claims = decodeJwt(body.id_token);
      } catch {
        throw authError(401, 'googleLoginFailed');
      }
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      const valid =
        GOOGLE_ISSUERS.has(String(claims.iss)) &&
        audiences.includes(options.client.clientId) &&
        typeof claims.exp === 'number' &&
        claims.exp * 1_000 > now.getTime() &&
        typeof claims.sub === 'string' &&
        typeof claims.email === 'string';
      if (!valid) {
        options.logger.info({ iss: claims.iss, aud: claims.aud }, 'google ID token is not for this client');
        throw authError(401, 'googleLoginFailed');
      }
      return {
        uid: String(claims.sub),
        email: String(claims.email),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
