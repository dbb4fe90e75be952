/**
 * The real Firebase Auth emulator (firebase.json at the repository root: port 9099, no UI), run
 * as `npx firebase emulators:start --only auth --project demo-atelier` for the tests that need
 * it: start it once per file, stop it in afterAll. If it cannot start, the error carries its
 * output: nothing is skipped silently.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './spawn.ts';

/** firebase.json's Auth emulator port. */
export const EMULATOR_HOST = '127.0.0.1:9099';
export const EMULATOR_PROJECT = 'demo-atelier';
/** The emulator takes about 20 s to be ready (Java-free, but firebase-tools loads a lot). */
const START_TIMEOUT_MS = 90_000;
/** How long it gets to exit after SIGTERM before it is killed, in ms. */
const STOP_TIMEOUT_MS = 10_000;
/** Between readiness probes, in ms. */
const POLL_MS = 250;

const REST = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export interface EmulatorUser {
  idToken: string;
  localId: string;
  email: string;
}

export interface AuthEmulator {
  host: string;
  /** Creates an email/password account (email not verified) and answers its ID token. */
  signUp(email: string, password: string, displayName?: string): Promise<EmulatorUser>;
  /** Signs in with a fake Google account (as the emulator's popup does): a verified email by default. */
  signInWithGoogle(claims: { sub: string; email: string; email_verified?: boolean; name?: string; picture?: string }): Promise<EmulatorUser>;
  stop(): Promise<void>;
}

async function rest<T>(method: string, body: unknown): Promise<T> {
  const response = await fetch(`${REST}/${method}?key=any`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(json)}`);
  return json;
}

async function answers(): Promise<boolean> {
  try {
    const response = await fetch(`http://${EMULATOR_HOST}/`, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(): Promise<AuthEmulator> {
  if (await answers()) {
    throw new Error(`Something already listens on ${EMULATOR_HOST} (another Auth emulator?). Stop it: the tests need their own.`);
  }
  // The project's Node first on PATH, so npx and firebase-tools run on it.
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn('npx', ['firebase', 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx, firebase-tools and the emulator are stopped together.
    detached: true,
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let exited = false;
  const closed = new Promise<void>((resolve) =>
    child.once('close', () => {
      exited = true;
      resolve();
    }),
  );

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || exited) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), STOP_TIMEOUT_MS);
    await closed;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers())) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not start (${exited ? 'it exited' : `not ready after ${START_TIMEOUT_MS} ms`}). Its output:\n${output}`);
    }
    await sleep(POLL_MS);
  }

  return {
    host: EMULATOR_HOST,
    async signUp(email, password, displayName) {
      const created = await rest<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
      if (!displayName) return { idToken: created.idToken, localId: created.localId, email };
      // The display name is in ID tokens issued after the update.
      const updated = await rest<{ idToken: string }>('accounts:update', { idToken: created.idToken, displayName, returnSecureToken: true });
      return { idToken: updated.idToken, localId: created.localId, email };
    },
    async signInWithGoogle(claims) {
      const idToken = JSON.stringify({ email_verified: true, ...claims });
      const result = await rest<{ idToken: string; localId: string }>('accounts:signInWithIdp', {
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: new URLSearchParams({ providerId: 'google.com', id_token: idToken }).toString(),
      });
      return { idToken: result.idToken, localId: result.localId, email: claims.email };
    },
    stop,
  };
}
