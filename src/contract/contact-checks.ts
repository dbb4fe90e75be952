/**
 * The contact form's checks (docs/product-rules.md#contact): a field's problem, a file's kind by
 * its first bytes, a proof-of-work hash's leading zero bits. The page runs them before sending
 * and the server again (src/contract/contact.schema.ts builds its schemas on them). Imports only the
 * rules' data.
 */
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TOPICS,
  CONTACT_DESCRIPTION_MAX,
  CONTACT_DESCRIPTION_MIN,
  characterCount,
  type ContactFieldName,
  type ContactFileKind,
  type ContactMessageKey,
} from './contact.ts';

/** Separators people type inside a phone number. */
const PHONE_SEPARATORS = /[\s.\-()]/g;
/**
 * Vietnamese numbers, national form: mobiles 0[35789] + 8 digits (10 digits), landlines
 * 02 + 9 digits (11 digits); international form of the same: +84 without the leading 0.
 */
const VIETNAMESE_PHONE = /^(?:0|\+84)(?:[35789]\d{8}|2\d{9})$/;
/** Any other country: E.164, a + and 8 to 15 digits, the first not 0. */
const INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/;
/** One local part, one domain with a dot, no spaces: what a mail server can deliver to. */
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\].]{2,}$/;

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isSafe = (value: string) => !value.includes(NUL) && !LONE_SURROGATE.test(value);

/**
 * The message key of a field's value, or null when it is valid. Values are taken as typed;
 * the server trims and normalises (NFC) before it checks, and so must the page.
 */
export function contactFieldProblem(field: ContactFieldName, raw: string): ContactMessageKey | null {
  const value = raw.normalize('NFC').trim();
  if (!isSafe(value)) return 'invalidText';
  switch (field) {
    case 'first_name':
    case 'last_name':
      if (value === '') return field === 'first_name' ? 'firstNameRequired' : 'lastNameRequired';
      return characterCount(value) > CONTACT_NAME_MAX ? 'nameTooLong' : null;
    case 'email':
      return value.length <= CONTACT_EMAIL_MAX && EMAIL.test(value) ? null : 'invalidEmail';
    case 'phone': {
      // Optional: an empty phone is fine, one given must be reachable.
      if (value === '') return null;
      const digits = value.replace(PHONE_SEPARATORS, '');
      return value.length <= CONTACT_PHONE_MAX && (VIETNAMESE_PHONE.test(digits) || INTERNATIONAL_PHONE.test(digits)) ? null : 'invalidPhone';
    }
    case 'topic':
      return (CONTACT_TOPICS as readonly string[]).includes(value) ? null : 'topicRequired';
    case 'description': {
      const count = characterCount(value);
      return count >= CONTACT_DESCRIPTION_MIN && count <= CONTACT_DESCRIPTION_MAX ? null : 'descriptionLength';
    }
    case 'language':
      // The page's locale; anything else reads as the source language.
      return null;
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** `%PDF-` */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export function contactFileKind(head: Uint8Array): ContactFileKind | null {
  const starts = (signature: readonly number[]) => head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
  if (starts(PNG_SIGNATURE)) return 'png';
  if (starts(JPEG_SIGNATURE)) return 'jpg';
  if (starts(PDF_SIGNATURE)) return 'pdf';
  return null;
}

/** How many leading bits of `digest` are zero. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
