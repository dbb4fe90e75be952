/**
 * The contact area's errors: coded errors (server/http/errors.ts) whose code is the
 * CONTACT_MESSAGES key of the text; one about a single field carries its name as `field`, so
 * the page shows the message beside it.
 */
import { CONTACT_MESSAGES, type ContactMessageKey } from '../../src/contract/contact.ts';
import { codedErrors, retryAfter, type CodedError } from '../http/errors.ts';

export type ContactError = CodedError<ContactMessageKey>;

export const contactError = codedErrors(CONTACT_MESSAGES);

/** 422: the file is not a PNG, JPG or PDF by its bytes; the message names it. */
export function invalidFileType(name: string): ContactError {
  return contactError(422, 'invalidFileType', { values: { name }, fields: { field: 'files', file: name } });
}

/** 413: one file over the per-file limit; the message names it. */
export function fileTooLarge(name: string): ContactError {
  return contactError(413, 'fileTooLarge', { values: { name }, fields: { field: 'files', file: name } });
}

/** 413: the whole body over its limit (CONTACT_BODY_MAX_BYTES). */
export function requestTooLarge(): ContactError {
  return contactError(413, 'formTooLarge', { fields: { field: 'files' } });
}

/** 429 tooManyMessages, with the seconds to wait (body and Retry-After). */
export function tooManyMessages(retryAfterSeconds: number): ContactError {
  return contactError(429, 'tooManyMessages', retryAfter(retryAfterSeconds));
}
