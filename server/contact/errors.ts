/**
 * The contact area's errors: coded errors (server/http/errors.ts) whose code is the
 * CONTACT_MESSAGES key of the text; one about a single field carries its name as `field`, so
 * the page shows the message beside it.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CONTACT_MESSAGES, type ContactMessageKey } from '../../src/contract/contact.ts';
import { CodedError, type CodedErrorOptions } from '../http/errors.ts';

export type ContactError = CodedError<ContactMessageKey>;

export function contactError(status: ContentfulStatusCode, code: ContactMessageKey, options: CodedErrorOptions & { text?: string } = {}): ContactError {
  const { text, ...rest } = options;
  return new CodedError(status, code, text ?? CONTACT_MESSAGES[code], rest);
}

/** 422: the file is not a PNG, JPG or PDF by its bytes; the message names it. */
export function invalidFileType(name: string): ContactError {
  return contactError(422, 'invalidFileType', { text: CONTACT_MESSAGES.invalidFileType.replace('{name}', name), fields: { field: 'files', file: name } });
}

/** 413: one file over the per-file limit; the message names it. */
export function fileTooLarge(name: string): ContactError {
  return contactError(413, 'fileTooLarge', { text: CONTACT_MESSAGES.fileTooLarge.replace('{name}', name), fields: { field: 'files', file: name } });
}

/** 413: the whole body over its limit (CONTACT_BODY_MAX_BYTES). */
export function requestTooLarge(): ContactError {
  return contactError(413, 'formTooLarge', { fields: { field: 'files' } });
}

const SECONDS_PER_MINUTE = 60;

/** 429 tooManyMessages, with the seconds to wait (body and Retry-After). */
export function tooManyMessages(retryAfterSeconds: number): ContactError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE));
  return contactError(429, 'tooManyMessages', { text: CONTACT_MESSAGES.tooManyMessages.replace('{n}', String(minutes)), retryAfterSeconds: seconds });
}
