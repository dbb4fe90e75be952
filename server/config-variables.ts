/**
 * The environment variables the server reads (see server/config.ts): each one's default, its
 * documentation (the README table comes from CONFIG_DOCS) and the schema its text must pass.
 */
import * as v from 'valibot';
import { BILLING_VARIABLES } from './billing/config.ts';
import { ENGINE_NAMES, type EngineName } from '../src/contract/expected-durations.ts';
import { FEATURES, type Feature } from '../src/contract/tools.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Firebase project the Auth emulator runs when FIREBASE_PROJECT_ID is not set (a `demo-` project never reaches Google). */
export const EMULATOR_PROJECT_ID = 'demo-atelier';
/** API key the PWA passes to the Auth emulator, which accepts any. */
export const EMULATOR_API_KEY = 'demo-api-key';

/** Largest TCP port number. */
const MAX_PORT = 65_535;

const integerText = v.pipe(v.string(), v.regex(/^\d+$/));
const toInteger = v.transform((text: string) => Number.parseInt(text, 10));

const isPostgresUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const isExactOrigin = (text: string): boolean => {
  try {
    const url = new URL(text);
    // `origin` is "null" for non-hierarchical schemes; an exact origin has no path, query or hash.
    return url.origin !== 'null' && url.origin === text;
  } catch {
    return false;
  }
};

/** Seconds per unit of a duration like `7d` (a bare number is seconds). */
const DURATION_UNIT_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3_600, d: 86_400 };
const DURATION = /^(\d+)([smhd]?)$/;
const durationSeconds = (text: string): number => {
  const [, amount = '0', unit = ''] = DURATION.exec(text) ?? [];
  return Number.parseInt(amount, 10) * (DURATION_UNIT_SECONDS[unit] ?? 1);
};

/** A deliberately loose check: the address only has to look like one (the mail server decides). */
const looksLikeEmail = (text: string): boolean => /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(text);

const isUrlWithProtocol =
  (...protocols: string[]) =>
  (text: string): boolean => {
    try {
      const url = new URL(text);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  };

/** Shortest JWT_SECRET accepted, in characters (HS256 wants at least 256 bits of key). */
const JWT_SECRET_MIN_LENGTH = 32;

export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * One entry per variable: its default (as the text one would write in the environment), what it
 * does, the rule quoted in error messages, and the valibot schema turning the text into a value.
 */
export const VARIABLES = {
  PORT: {
    default: '8080',
    description: 'TCP port the HTTP server listens on (0 picks a free port).',
    rule: `an integer between 0 and ${MAX_PORT}`,
    schema: v.pipe(integerText, toInteger, v.maxValue(MAX_PORT)),
  },
  HOST: {
    default: '127.0.0.1',
    description:
      'Interface address the HTTP server binds to. The default answers this machine only; set 0.0.0.0 in a container or behind a reverse proxy on another host.',
    rule: 'a host name or IP address',
    schema: v.pipe(v.string(), v.regex(/^[^\s/]+$/)),
  },
  DATA_DIR: {
    default: './data',
    description: 'Directory for instance data (embedded database, media, mail outbox); resolved to an absolute path.',
    rule: 'a directory path',
    schema: v.string(),
  },
  DATABASE_URL: {
    default: '',
    description: 'Postgres connection string (postgres:// or postgresql://). Unset: embedded PGlite in $DATA_DIR/db.',
    rule: 'a postgres:// or postgresql:// URL',
    schema: v.pipe(v.string(), v.check(isPostgresUrl)),
  },
  STATIC_DIR: {
    default: './dist',
    description: 'Directory of the built PWA served by the server; resolved to an absolute path.',
    rule: 'a directory path',
    schema: v.string(),
  },
  CORS_ORIGINS: {
    default: '',
    description: 'Comma-separated exact origins allowed to call the API from another site (e.g. https://app.example.com).',
    rule: 'a comma-separated list of origins like https://app.example.com',
    schema: v.pipe(
      v.string(),
      v.transform(splitList),
      v.check((origins: string[]) => origins.every(isExactOrigin)),
    ),
  },
  LOG_LEVEL: {
    default: 'info',
    description: `Log level: ${LOG_LEVELS.join(', ')}.`,
    rule: `one of ${LOG_LEVELS.join(', ')}`,
    schema: v.picklist(LOG_LEVELS),
  },
  NODE_ENV: {
    default: 'production',
    description: `Runtime mode: ${NODE_ENVS.join(', ')}.`,
    rule: `one of ${NODE_ENVS.join(', ')}`,
    schema: v.picklist(NODE_ENVS),
  },
  WORKERS: {
    default: '2',
    description: 'Queue workers per job type running inside the server process; 0 runs none (web-only process).',
    rule: 'an integer ≥ 0',
    schema: v.pipe(integerText, toInteger),
  },
  SHUTDOWN_TIMEOUT_MS: {
    default: '10000',
    description: 'Milliseconds in-flight requests get to finish on SIGTERM/SIGINT before connections are closed.',
    rule: 'an integer ≥ 0 (milliseconds)',
    schema: v.pipe(integerText, toInteger),
  },
  TRUST_PROXY: {
    default: '0',
    description:
      'Set to 1 behind exactly one reverse proxy: the rightmost X-Forwarded-For entry (the one that proxy appended) is the client address in logs and rate limits, and the rightmost X-Forwarded-Proto says whether the client used HTTPS; client-written entries left of them are ignored.',
    rule: '0 or 1',
    schema: v.pipe(
      v.picklist(['0', '1']),
      v.transform((flag: '0' | '1') => flag === '1'),
    ),
  },
  JWT_SECRET: {
    default: '',
    description: `Key that signs access tokens (at least ${JWT_SECRET_MIN_LENGTH} characters). Unset: generated once into $DATA_DIR/jwt-secret; set it when several hosts serve the API.`,
    rule: `at least ${JWT_SECRET_MIN_LENGTH} characters`,
    secret: true,
    schema: v.pipe(v.string(), v.minLength(JWT_SECRET_MIN_LENGTH)),
  },
  ACCESS_TOKEN_TTL: {
    default: '7d',
    description: 'Lifetime of an access token: a number of seconds, or a number followed by s, m, h or d (e.g. 12h).',
    rule: 'a duration like 7d, 12h, 30m or a number of seconds (more than 0)',
    schema: v.pipe(v.string(), v.regex(DURATION), v.transform(durationSeconds), v.minValue(1)),
  },
  ADMIN_EMAILS: {
    default: '',
    description: 'Comma-separated emails of the accounts with the admin role (case-insensitive).',
    rule: 'a comma-separated list of email addresses',
    schema: v.pipe(
      v.string(),
      v.transform((text: string) => splitList(text).map((email) => email.toLowerCase())),
      v.check((emails: string[]) => emails.every(looksLikeEmail)),
    ),
  },
  PUBLIC_URL: {
    default: '',
    description:
      "Address people reach the product at (e.g. https://atelier.example.com): payment returns, mail links, /v1 asset links, the providers' notification URLs, the blog's canonical links. Unset: links handed back to a request follow the origin it reached this server at, the rest use http://localhost:$PORT (see below).",
    rule: 'an http:// or https:// URL',
    schema: v.pipe(
      v.string(),
      v.check(isUrlWithProtocol('http:', 'https:')),
      v.transform((text: string) => text.replace(/\/+$/, '')),
    ),
  },
  SMTP_URL: {
    default: '',
    description:
      'SMTP server for the OTP and password-reset mails (smtp:// or smtps://, credentials in the URL). Unset: mails are written to $DATA_DIR/outbox.',
    rule: 'an smtp:// or smtps:// URL',
    schema: v.pipe(v.string(), v.check(isUrlWithProtocol('smtp:', 'smtps:'))),
  },
  MAIL_FROM: {
    default: 'Atelier <no-reply@atelier.local>',
    description: 'Sender of the mails the server sends.',
    rule: 'an email address, optionally with a display name: Name <address>',
    schema: v.pipe(
      v.string(),
      v.check((text: string) => looksLikeEmail(/<([^>]+)>\s*$/.exec(text)?.[1] ?? text)),
    ),
  },
  SUPPORT_EMAIL: {
    default: 'hello@atelier.vn',
    description: "Where the contact form's messages go (with their files attached); the company address the site shows.",
    rule: 'an email address',
    schema: v.pipe(v.string(), v.check(looksLikeEmail)),
  },
  DEV_TOOLS: {
    default: '',
    description:
      'Set to 1 to serve /api/dev-tools (credit grants, engine delays, and the mail outbox even with SMTP_URL) to requests made on this machine only, e.g. for the e2e suite. Refused with NODE_ENV=production unless set to force. Unset or 0: off (the outbox alone stays readable from this machine while mails go to it).',
    rule: '0, 1 or force',
    schema: v.picklist(['0', '1', 'force']),
  },
  FIREBASE_PROJECT_ID: {
    default: '',
    description: `Firebase project of Google sign-in (set with FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN). Unset: Google sign-in is hidden, or ${EMULATOR_PROJECT_ID} with the emulator.`,
    rule: 'a Firebase project id (lower-case letters, digits, dashes)',
    schema: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  },
  FIREBASE_API_KEY: {
    default: '',
    description: `Firebase web API key (public; the PWA receives it through /api/config). With the emulator: ${EMULATOR_API_KEY}.`,
    rule: 'a Firebase web API key',
    schema: v.pipe(v.string(), v.regex(/^[\w-]+$/)),
  },
  FIREBASE_AUTH_DOMAIN: {
    default: '',
    description: 'Firebase auth domain (e.g. atelier.firebaseapp.com). Unset with the emulator: <project id>.firebaseapp.com.',
    rule: 'a host name like atelier.firebaseapp.com',
    schema: v.pipe(v.string(), v.regex(/^[a-z0-9.-]+$/i)),
  },
  FIREBASE_AUTH_EMULATOR_HOST: {
    default: '',
    description:
      "host:port of the Firebase Auth emulator (e.g. 127.0.0.1:9099); turns Google sign-in on against it, offline. Refused when NODE_ENV=production (the emulator's tokens are unsigned).",
    rule: 'host:port, e.g. 127.0.0.1:9099',
    schema: v.pipe(v.string(), v.regex(/^(\[[\da-f:]+\]|[^\s/:[\]]+):\d{1,5}$/i)),
  },
  GOOGLE_CLIENT_ID: {
    default: '',
    description: 'OAuth client id for POST /auth/google/callback (set with GOOGLE_CLIENT_SECRET). Unset: that endpoint answers 503.',
    rule: 'an OAuth client id',
    schema: v.pipe(v.string(), v.regex(/^\S+$/)),
  },
  GOOGLE_CLIENT_SECRET: {
    default: '',
    description: 'OAuth client secret matching GOOGLE_CLIENT_ID.',
    rule: 'an OAuth client secret',
    secret: true,
    schema: v.pipe(v.string(), v.regex(/^\S+$/)),
  },
  GOOGLE_TOKEN_URL: {
    default: 'https://oauth2.googleapis.com/token',
    description: 'Google OAuth token endpoint the authorization code is exchanged at (tests point it to a local stub).',
    rule: 'an http:// or https:// URL',
    schema: v.pipe(v.string(), v.check(isUrlWithProtocol('http:', 'https:'))),
  },
  ENGINES: {
    default: '',
    description: `Per-feature engine overrides, comma-separated feature=engine pairs (features: ${FEATURES.join(', ')}; engines: ${ENGINE_NAMES.join(', ')}), e.g. image-to-video=fal. Unset: every feature uses fal when FAL_KEY is set, else local.`,
    rule: 'comma-separated feature=engine pairs, e.g. image-to-video=fal,upscaler-image=local',
    schema: v.pipe(
      v.string(),
      v.transform(parseEngineOverrides),
      v.check((overrides: Partial<Record<Feature, EngineName>> | null) => overrides !== null),
    ),
  },
  CUTOUT_ADDON: {
    default: '',
    description:
      'Set to isnet to cut any subject (a cup, a bag, a garment), not only people, out of its backdrop with the ISNet add-on, once `npm run addon:isnet` has installed it (the server refuses to start otherwise). The add-on is AGPL-3.0 and never part of the default install (see the README). Unset: people are cut on any backdrop, other subjects only on a plain one.',
    rule: 'isnet',
    schema: v.picklist(['isnet']),
  },
  FAL_KEY: {
    default: '',
    description: 'API key of fal.ai. Set: the six tools run on fal (see ENGINES). Unset: the local engine (sharp, ffmpeg) runs them.',
    rule: 'a fal.ai API key',
    secret: true,
    schema: v.pipe(v.string(), v.regex(/^\S+$/)),
  },
  FAL_QUEUE_URL: {
    default: 'https://queue.fal.run',
    description: "Base URL of fal's API: queue, file storage and webhook keys (tests point it to a local fake).",
    rule: 'an http:// or https:// URL',
    schema: v.pipe(
      v.string(),
      v.check(isUrlWithProtocol('http:', 'https:')),
      v.transform((text: string) => text.replace(/\/+$/, '')),
    ),
  },
  S3_BUCKET: {
    default: '',
    description: 'S3 bucket for media (uploads, results, thumbnails). Unset: media are stored in $DATA_DIR/media.',
    rule: 'an S3 bucket name',
    schema: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)),
  },
  S3_REGION: {
    default: 'us-east-1',
    description: 'Region of S3_BUCKET.',
    rule: 'a region name like eu-west-1',
    schema: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  },
  S3_ENDPOINT: {
    default: '',
    description: 'Endpoint of an S3-compatible service (MinIO, Cloudflare R2, …). Unset: AWS S3.',
    rule: 'an http:// or https:// URL',
    schema: v.pipe(v.string(), v.check(isUrlWithProtocol('http:', 'https:'))),
  },
  S3_ACCESS_KEY_ID: {
    default: '',
    description: "Access key of the bucket (set with S3_SECRET_ACCESS_KEY). Unset: the AWS SDK's default credential chain.",
    rule: 'an access key id',
    schema: v.pipe(v.string(), v.regex(/^\S+$/)),
  },
  S3_SECRET_ACCESS_KEY: {
    default: '',
    description: 'Secret matching S3_ACCESS_KEY_ID.',
    rule: 'a secret access key',
    secret: true,
    schema: v.pipe(v.string(), v.regex(/^\S+$/)),
  },
  S3_FORCE_PATH_STYLE: {
    default: '0',
    description: 'Set to 1 for path-style bucket addressing, which most S3-compatible services need.',
    rule: '0 or 1',
    schema: v.pipe(
      v.picklist(['0', '1']),
      v.transform((flag: '0' | '1') => flag === '1'),
    ),
  },
  MEDIA_URL_TTL: {
    default: '6h',
    description: 'How long a media link (signed URL of an image or video) stays valid: seconds, or a number followed by s, m, h or d.',
    rule: 'a duration like 6h, 30m or a number of seconds (at least 60)',
    schema: v.pipe(v.string(), v.regex(DURATION), v.transform(durationSeconds), v.minValue(60)),
  },
  ...BILLING_VARIABLES,
} as const;

export type VariableName = keyof typeof VARIABLES;

/** `feature=engine` pairs of ENGINES, e.g. `image-to-video=fal,upscaler-image=local`. */
function parseEngineOverrides(text: string): Partial<Record<Feature, EngineName>> | null {
  const overrides: Partial<Record<Feature, EngineName>> = {};
  for (const pair of splitList(text)) {
    const [feature, engine, ...rest] = pair.split('=').map((part) => part.trim());
    if (rest.length > 0 || !(FEATURES as readonly string[]).includes(feature ?? '') || !(ENGINE_NAMES as readonly string[]).includes(engine ?? '')) return null;
    overrides[feature as Feature] = engine as EngineName;
  }
  return overrides;
}

export const VARIABLE_NAMES = Object.keys(VARIABLES) as VariableName[];
