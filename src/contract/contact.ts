/**
 * The contact form's rules as plain data (docs/product-rules.md#contact): its topics, limits and
 * messages; ./contact-checks.ts holds the checks made of them, and contact.schema.ts the schemas.
 * Imports nothing, so the public page carries no schema library (and its checks load only once
 * the visitor starts writing).
 */

/** The spec's topics: technical support, service info and pricing, business cooperation, feedback, other. */
export const CONTACT_TOPICS = ['support', 'pricing', 'business', 'feedback', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LANGUAGES = ['vi', 'en'] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];

const MB = 1024 * 1024;
/** The spec: "Contact files: PNG, JPG, PDF, at most 4". */
export const CONTACT_FILES_MAX = 4;
/** Largest attached file, in bytes (10 MB, like every upload of the product). */
export const CONTACT_FILE_MAX_MB = 10;
export const CONTACT_FILE_MAX_BYTES = CONTACT_FILE_MAX_MB * MB;
/**
 * Largest request body, in bytes: four full files (40 MB) and room for the fields and the
 * framing, with margin enough that a fifth small file is refused by its count (a 422 naming the
 * limit), not by the body's size.
 */
export const CONTACT_BODY_MAX_BYTES = 45 * MB;

/** Longest first or last name, in characters. */
export const CONTACT_NAME_MAX = 50;
/** Longest email address, in characters (RFC 5321's path limit). */
export const CONTACT_EMAIL_MAX = 254;
/** Longest phone number as typed (spaces, dots and dashes included), in characters. */
export const CONTACT_PHONE_MAX = 24;
/** The description's length, in characters (Unicode code points, after trimming). */
export const CONTACT_DESCRIPTION_MIN = 20;
export const CONTACT_DESCRIPTION_MAX = 5_000;

/** The honeypot: a text field hidden from people; a script that fills it is answered like a success. */
export const CONTACT_HONEYPOT_FIELD = 'website';
/** The form's text fields, in the order the page sends them (before the files). */
export const CONTACT_FIELD_NAMES = ['first_name', 'last_name', 'email', 'phone', 'topic', 'description', 'language'] as const;
export type ContactFieldName = (typeof CONTACT_FIELD_NAMES)[number];

/**
 * Messages the server answers with (`{ detail, code }`, and `field` when one field is at fault);
 * the page shows its own vi/en text for each code.
 */
export const CONTACT_MESSAGES = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameTooLong: `A name can be at most ${CONTACT_NAME_MAX} characters.`,
  invalidEmail: 'Please enter a valid email',
  invalidPhone: 'Please enter a valid phone number: a Vietnamese number such as 0912 345 678, or an international one starting with +.',
  topicRequired: 'Please choose a topic.',
  descriptionLength: `Please describe your request in ${CONTACT_DESCRIPTION_MIN} to ${CONTACT_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  invalidText: 'Text must not contain NUL characters or broken Unicode',
  tooManyFiles: `You can attach at most ${CONTACT_FILES_MAX} files.`,
  invalidFileType: '“{name}” is not a PNG, JPG or PDF file. Please attach PNG, JPG or PDF files only.',
  fileTooLarge: `“{name}” is too large. Each file can be at most ${CONTACT_FILE_MAX_MB} MB.`,
  formTooLarge: `The form is too large: its files can weigh at most ${CONTACT_BODY_MAX_BYTES / MB} MB together.`,
  notMultipart: 'The form must be sent as multipart/form-data.',
  formMalformed: 'The form could not be read: the multipart body is malformed or incomplete.',
  formInterrupted: 'The form was interrupted before it was complete.',
  challengeMissing: 'The form’s security check is missing. Please reload the page and send it again.',
  challengeInvalid: 'The form’s security check did not pass. Please reload the page and send it again.',
  challengeExpired: 'The form’s security check has expired. Please send it again.',
  challengeUsed: 'This form has already been sent. Reload the page to send another message.',
  tooManyMessages: 'You have sent several messages in a short time. Please wait {n} minutes before sending another one.',
} as const;
export type ContactMessageKey = keyof typeof CONTACT_MESSAGES;

// ── The rules, as functions (the page and the schemas share them) ────────────────────

/** Characters as a person counts them (code points, so an emoji is one). */
export const characterCount = (value: string): number => [...value].length;

/** The kind of an attached file from its first bytes (never its name), or null when it is not one the form takes. */
export type ContactFileKind = 'png' | 'jpg' | 'pdf';
/** Bytes the file check needs: the PNG signature is the longest, 8. */
export const CONTACT_SNIFF_BYTES = 8;
export const CONTACT_FILE_MIME: Readonly<Record<ContactFileKind, string>> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };

// ── Proof of work ────────────────────────────────────────────────────────────────────

/** Longest nonce the server reads, in digits (2^53 has 16). */
export const CONTACT_NONCE_MAX_DIGITS = 16;
