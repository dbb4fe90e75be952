/**
 * How a run's failure is told: an EngineError with its own message (retried when transient), a
 * network failure as a transient failedToProcess, anything else as an unexpected failedToProcess
 * (logged with its stack; the person reads only the message).
 */
import { GENERATION_MESSAGES, type GenerationMessageKey } from '../../src/contract/generation-messages.ts';
import { EngineError } from '../engines/types.ts';

/** Network failures worth a retry (node and undici codes). */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

function isTransientNetworkError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
    if (current instanceof TypeError && current.message === 'fetch failed') return true;
  }
  return false;
}

export interface Classified {
  code: GenerationMessageKey;
  message: string;
  transient: boolean;
  unexpected: boolean;
}

export function classify(error: unknown): Classified {
  if (error instanceof EngineError) return { code: error.code, message: error.message, transient: error.transient, unexpected: false };
  const failedToProcess = { code: 'failedToProcess' as const, message: GENERATION_MESSAGES.failedToProcess };
  if (isTransientNetworkError(error)) return { ...failedToProcess, transient: true, unexpected: false };
  return { ...failedToProcess, transient: false, unexpected: true };
}
