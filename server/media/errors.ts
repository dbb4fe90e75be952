/**
 * Media errors: coded errors (server/http/errors.ts) whose code is the MEDIA_MESSAGES key of the
 * text; a 429 carries `retry_after_seconds`, a quota refusal its used and limit bytes.
 */
import { MEDIA_MESSAGES, type MediaMessageKey } from '../../src/contract/media.ts';
import { PROFILE_PICTURE_MESSAGES } from '../../src/contract/profile-picture.schema.ts';
import { codedErrors, type CodedError } from '../http/errors.ts';

export type MediaError = CodedError<MediaMessageKey>;

/** The media error `code`, with the contract's text for it (MEDIA_MESSAGES) unless `init.text` says otherwise. */
export const mediaError = codedErrors(MEDIA_MESSAGES);

/** The profile picture's error `code`, with the contract's text for it (PROFILE_PICTURE_MESSAGES). */
export const profilePictureError = codedErrors(PROFILE_PICTURE_MESSAGES);
