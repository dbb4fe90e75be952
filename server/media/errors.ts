/**
 * Media errors: coded errors (server/http/errors.ts) whose code is the MEDIA_MESSAGES key of the
 * text; a 429 carries `retry_after_seconds`, a quota refusal its used and limit bytes.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MEDIA_MESSAGES, type MediaMessageKey } from '../../src/contract/media.ts';
import { CodedError, type CodedErrorOptions } from '../http/errors.ts';

export type MediaError = CodedError<MediaMessageKey>;

/** The media error `code`, with the contract's text for it (MEDIA_MESSAGES) unless `options.text` says otherwise. */
export function mediaError(status: ContentfulStatusCode, code: MediaMessageKey, options: CodedErrorOptions & { text?: string } = {}): MediaError {
  const { text, ...rest } = options;
  return new CodedError(status, code, text ?? MEDIA_MESSAGES[code], rest);
}
