/**
 * The contact form's proof of work in the browser (docs/product-rules.md#contact): fetches a
 * challenge (GET /api/contact/challenge) and looks for its nonce in small slices, yielding to
 * the page between them so typing stays smooth. The result is kept until shortly before the
 * challenge expires; a used or refused one is dropped and a new one solved.
 */
import type { ContactChallenge } from '../../../../contract/contact.schema.ts';
import { sha256Words, zeroBits } from './sha256.ts';

export interface PowSolution {
  challenge: string;
  nonce: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** Hashing time per slice, in ms: short enough that a keystroke waits at most this long. */
const SLICE_MS = 12;
/** Hashes between two looks at the clock (a look costs about as much as a few hashes). */
const HASHES_PER_CHECK = 256;
/** A solution this close to its expiry is not sent, in ms: the request could arrive after it. */
const EXPIRY_MARGIN_MS = 60_000;

/** Yields to the page: a message task, which (unlike a timer) no browser delays by 4 ms. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.addEventListener('message', () => resolve(), { once: true });
    // A port listened to with addEventListener delivers only once started.
    channel.port1.start();
    channel.port2.postMessage(null);
  });
}

/** The challenge's answer as the page reads it; anything else is a failure (no schema library on this page). */
function readChallenge(body: unknown): ContactChallenge {
  const value = body as Partial<ContactChallenge> | null;
  if (
    !value ||
    typeof value.challenge !== 'string' ||
    typeof value.salt !== 'string' ||
    typeof value.difficulty !== 'number' ||
    typeof value.expires_at !== 'string'
  ) {
    throw new Error('unexpected challenge');
  }
  return value as ContactChallenge;
}

async function solve(challenge: ContactChallenge, signal: AbortSignal): Promise<PowSolution> {
  const prefix = `${challenge.salt}:`;
  let nonce = 0;
  for (;;) {
    const end = performance.now() + SLICE_MS;
    while (performance.now() < end) {
      for (let index = 0; index < HASHES_PER_CHECK; index++, nonce++) {
        if (zeroBits(sha256Words(prefix + nonce)) >= challenge.difficulty) {
          return { challenge: challenge.challenge, nonce: String(nonce), expiresAt: Date.parse(challenge.expires_at) };
        }
      }
    }
    await yieldToPage();
    signal.throwIfAborted();
  }
}

export interface ProofOfWork {
  /** Starts the work if nothing is under way (the form's first focus). */
  start(): void;
  /** A usable solution: the one at hand, or the one being found, or a new one. */
  solution(): Promise<PowSolution>;
  /** Drops the solution at hand (it was sent, or refused) and starts on a new one. */
  renew(): void;
  /** Stops the work (the page goes away). */
  stop(): void;
}

export function createProofOfWork(onChange: (state: 'working' | 'ready' | 'failed') => void): ProofOfWork {
  let current: Promise<PowSolution> | null = null;
  let controller = new AbortController();

  function begin(): Promise<PowSolution> {
    controller = new AbortController();
    const { signal } = controller;
    onChange('working');
    const work = (async () => {
      const response = await fetch('/api/contact/challenge', { signal, cache: 'no-store' });
      if (!response.ok) throw new Error(`challenge: ${response.status}`);
      return solve(readChallenge(await response.json()), signal);
    })();
    current = work;
    work.then(
      () => current === work && onChange('ready'),
      () => {
        // A failed fetch (offline, a server error) is tried again on the next submit.
        if (current === work) current = null;
        if (!signal.aborted) onChange('failed');
      },
    );
    return work;
  }

  return {
    start() {
      if (!current) void begin().catch(() => undefined);
    },
    async solution() {
      const solved = await (current ?? begin());
      if (solved.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return solved;
      return begin();
    },
    renew() {
      controller.abort();
      void begin().catch(() => undefined);
    },
    stop() {
      controller.abort();
      current = null;
    },
  };
}
