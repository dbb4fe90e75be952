import type { Auth } from 'firebase/auth';
import type { FirebaseConfig } from './config.ts';

/**
 * The Firebase web SDK, loaded on first use only: nobody pays for it (about 60 KB gzip) until
 * they choose Google sign-in, or come back from a Google redirect.
 */
export type FirebaseAuthModule = typeof import('firebase/auth');

export interface FirebaseHandle {
  auth: Auth;
  sdk: FirebaseAuthModule;
}

/** One app name of our own, so a second initialisation finds the first. */
const APP_NAME = 'atelier';

let loading: Promise<FirebaseHandle> | undefined;
let loadedFor: string | undefined;

export function loadFirebaseAuth(config: FirebaseConfig, languageCode?: string): Promise<FirebaseHandle> {
  const key = JSON.stringify(config);
  if (!loading || loadedFor !== key) {
    loadedFor = key;
    loading = (async () => {
      const [{ initializeApp, getApps, deleteApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
      const existing = getApps().find((app) => app.name === APP_NAME);
      // A config change (another server) needs a fresh app; the same config reuses the app.
      if (existing) await deleteApp(existing);
      const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, APP_NAME);
      const auth = sdk.getAuth(app);
      if (config.authEmulatorUrl) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      return { auth, sdk };
    })();
    // A failed load (offline) may be tried again.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading.then((handle) => {
    if (languageCode) handle.auth.languageCode = languageCode;
    return handle;
  });
}
