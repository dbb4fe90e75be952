/**
 * Sends the form (POST /api/contact, multipart: the fields first, then the files) with a
 * solution of the proof of work, and reads the answer into what the form shows. Loaded with the
 * form's checks (./interactive.ts).
 */
import { CONTACT_HONEYPOT_FIELD, type ContactMessageKey } from '../../../../contract/contact.ts';
import type { ProofOfWork } from './pow.ts';

export interface Problem {
  code: ContactMessageKey;
  name?: string;
  minutes?: number;
}

export type Outcome =
  | { reference: string }
  /** One field (or the files) at fault: its name and problem. */
  | { field: string; problem: Problem }
  /** The whole form: a problem the contract names, or 'server' for anything else. */
  | { problem: Problem | 'server' };

const SECONDS_PER_MINUTE = 60;

/**
 * @param onSending called once the proof of work is done and the request leaves
 * @throws when the request (or the challenge) did not get through: nothing was sent
 */
export async function sendContact(
  fields: Readonly<Record<string, string>>,
  honeypot: string,
  files: readonly File[],
  work: ProofOfWork,
  onSending: () => void,
): Promise<Outcome> {
  const solution = await work.solution();
  onSending();
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(CONTACT_HONEYPOT_FIELD, honeypot);
  body.append('pow_challenge', solution.challenge);
  body.append('pow_nonce', solution.nonce);
  for (const file of files) body.append('files', file, file.name);
  const response = await fetch('/api/contact', { method: 'POST', body });
  // The page checks the answer by hand: no schema library on a public page.
  const answer = (await response.json().catch(() => null)) as {
    reference?: string;
    code?: ContactMessageKey;
    field?: string;
    file?: string;
    retry_after_seconds?: number;
  } | null;
  // The used challenge goes with this form; "send another" brings a new form and a new challenge.
  if (response.status === 201 && answer?.reference) return { reference: answer.reference };
  const code = answer?.code;
  // A refused, expired or used challenge, or one spent on a refused message: solve a new one.
  if (code?.startsWith('challenge') || response.status === 429) work.renew();
  if (!code) return { problem: 'server' };
  if (answer?.field) return { field: answer.field, problem: { code, name: answer.file } };
  return { problem: { code, minutes: Math.ceil((answer?.retry_after_seconds ?? SECONDS_PER_MINUTE) / SECONDS_PER_MINUTE) } };
}
