/**
 * Server configuration: every environment variable the server reads, validated once at start-up.
 *
 * `loadConfig(env)` is pure (no I/O, no process.env access) so tests can feed it any environment;
 * `server/main.ts` calls it exactly once with `process.env`. Nothing else in server/ reads
 * process.env: everything that varies by deployment arrives through the frozen `Config`.
 */
import path from 'node:path';
import { billingConfig, billingEnvEntries, type BillingConfig } from './billing/config.ts';
import * as v from 'valibot';
import { FEATURES, type Feature } from '../src/contract/tools.ts';
import type { EngineName } from '../src/contract/expected-durations.ts';
import { EMULATOR_API_KEY, EMULATOR_PROJECT_ID, VARIABLE_NAMES, VARIABLES, type LogLevel, type NodeEnv, type VariableName } from './config-variables.ts';

export { EMULATOR_API_KEY, EMULATOR_PROJECT_ID, LOG_LEVELS, NODE_ENVS, type LogLevel, type NodeEnv } from './config-variables.ts';

export interface Config {
  /** TCP port to listen on; 0 lets the OS pick a free one (tests). */
  readonly port: number;
  readonly host: string;
  /** Absolute path of the instance's data directory (PGlite files, media, outbox). */
  readonly dataDir: string;
  /** Postgres connection string, or null to use the embedded PGlite in `$DATA_DIR/db`. */
  readonly databaseUrl: string | null;
  /** Absolute path of the built PWA. */
  readonly staticDir: string;
  /** Exact origins allowed to call the API cross-origin (no wildcard). */
  readonly corsOrigins: readonly string[];
  readonly logLevel: LogLevel;
  readonly nodeEnv: NodeEnv;
  /** Queue workers per job type run inside this process; 0 runs none (web-only process). */
  readonly workers: number;
  /** How long in-flight requests get to finish after SIGTERM/SIGINT, in milliseconds. */
  readonly shutdownTimeoutMs: number;
  /** Whether X-Forwarded-For is believed for the client address (logs, rate limits). */
  readonly trustProxy: boolean;
  /** Key access tokens are signed with; null: generated once into `$DATA_DIR/jwt-secret`. */
  readonly jwtSecret: string | null;
  /** Lifetime of an access token, in seconds. */
  readonly accessTokenTtlSeconds: number;
  /** Lower-cased emails of the accounts that have the admin role. */
  readonly adminEmails: readonly string[];
  /** Origin (and optional path) the product is reached at, without a trailing slash; used in mail links. */
  readonly publicUrl: string;
  /** Whether PUBLIC_URL was set; unset, links follow the origin of the request (server/http/origin.ts). */
  readonly publicUrlSet: boolean;
  /** SMTP connection URL, or null to write mails to the `$DATA_DIR/outbox` directory. */
  readonly smtpUrl: string | null;
  /** Sender of the product's mails (RFC 5322 address, display name allowed). */
  readonly mailFrom: string;
  /** Where the contact form's messages go (docs/product-rules.md#contact). */
  readonly supportEmail: string;
  /**
   * Whether /api/dev-tools serves its credit grants and engine delays (to local requests only);
   * DEV_TOOLS=1, or DEV_TOOLS=force in production.
   */
  readonly devTools: boolean;
  /** The Firebase project used for Google sign-in, or null when sign-in with Google is off. */
  readonly firebase: FirebaseConfig | null;
  /** Google OAuth client for POST /auth/google/callback, or null when not configured. */
  readonly google: GoogleConfig | null;
  /** Google's token endpoint (a local stub in tests). */
  readonly googleTokenUrl: string;
  /** Which engine runs each feature: `local`, or `fal` when FAL_KEY is set, unless ENGINES says otherwise. */
  readonly engines: Readonly<Record<Feature, EngineName>>;
  /** The built-in engine's optional any-subject cut-out (CUTOUT_ADDON), or null. */
  readonly cutoutAddon: 'isnet' | null;
  /** The fal provider, or null without FAL_KEY. */
  readonly fal: FalConfig | null;
  /** An S3-compatible bucket for media, or null to keep media in `$DATA_DIR/media`. */
  readonly s3: S3Config | null;
  /** How long a media capability URL stays valid, in seconds. */
  readonly mediaUrlTtlSeconds: number;
  /** Payment providers and the seller on receipts (server/billing/config.ts). */
  readonly billing: BillingConfig;
}

export interface FalConfig {
  readonly key: string;
  /** Base URL of fal's API: queue, storage and webhook keys (a local fake in tests). */
  readonly queueUrl: string;
}

export interface S3Config {
  readonly bucket: string;
  readonly region: string;
  /** Endpoint of an S3-compatible service (MinIO, R2, …), or null for AWS. */
  readonly endpoint: string | null;
  readonly accessKeyId: string | null;
  readonly secretAccessKey: string | null;
  /** Path-style addressing (bucket in the path), which most S3-compatible services need. */
  readonly forcePathStyle: boolean;
}

export interface FirebaseConfig {
  readonly projectId: string;
  readonly apiKey: string;
  readonly authDomain: string;
  /** `host:port` of the Firebase Auth emulator, or null for the real service. */
  readonly emulatorHost: string | null;
}

export interface GoogleConfig {
  readonly clientId: string;
  readonly clientSecret: string;
}

export class ConfigError extends Error {
  /** One entry per offending variable, e.g. `PORT must be ... (got "abc")`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The variables, in documentation order, for the README table (and its check). */
export const CONFIG_DOCS: ReadonlyArray<{ name: string; default: string; description: string }> = Object.freeze(
  VARIABLE_NAMES.map((name) => Object.freeze({ name, default: VARIABLES[name].default, description: VARIABLES[name].description })),
);

/** Unset variables take their documented default, which then goes through the same schema. */
const envSchema = v.object({
  PORT: v.optional(VARIABLES.PORT.schema, VARIABLES.PORT.default),
  HOST: v.optional(VARIABLES.HOST.schema, VARIABLES.HOST.default),
  DATA_DIR: v.optional(VARIABLES.DATA_DIR.schema, VARIABLES.DATA_DIR.default),
  DATABASE_URL: v.optional(VARIABLES.DATABASE_URL.schema),
  STATIC_DIR: v.optional(VARIABLES.STATIC_DIR.schema, VARIABLES.STATIC_DIR.default),
  CORS_ORIGINS: v.optional(VARIABLES.CORS_ORIGINS.schema, VARIABLES.CORS_ORIGINS.default),
  LOG_LEVEL: v.optional(VARIABLES.LOG_LEVEL.schema, VARIABLES.LOG_LEVEL.default),
  NODE_ENV: v.optional(VARIABLES.NODE_ENV.schema, VARIABLES.NODE_ENV.default),
  WORKERS: v.optional(VARIABLES.WORKERS.schema, VARIABLES.WORKERS.default),
  SHUTDOWN_TIMEOUT_MS: v.optional(VARIABLES.SHUTDOWN_TIMEOUT_MS.schema, VARIABLES.SHUTDOWN_TIMEOUT_MS.default),
  TRUST_PROXY: v.optional(VARIABLES.TRUST_PROXY.schema, VARIABLES.TRUST_PROXY.default),
  JWT_SECRET: v.optional(VARIABLES.JWT_SECRET.schema),
  ACCESS_TOKEN_TTL: v.optional(VARIABLES.ACCESS_TOKEN_TTL.schema, VARIABLES.ACCESS_TOKEN_TTL.default),
  ADMIN_EMAILS: v.optional(VARIABLES.ADMIN_EMAILS.schema, VARIABLES.ADMIN_EMAILS.default),
  PUBLIC_URL: v.optional(VARIABLES.PUBLIC_URL.schema),
  SMTP_URL: v.optional(VARIABLES.SMTP_URL.schema),
  MAIL_FROM: v.optional(VARIABLES.MAIL_FROM.schema, VARIABLES.MAIL_FROM.default),
  SUPPORT_EMAIL: v.optional(VARIABLES.SUPPORT_EMAIL.schema, VARIABLES.SUPPORT_EMAIL.default),
  DEV_TOOLS: v.optional(VARIABLES.DEV_TOOLS.schema),
  FIREBASE_PROJECT_ID: v.optional(VARIABLES.FIREBASE_PROJECT_ID.schema),
  FIREBASE_API_KEY: v.optional(VARIABLES.FIREBASE_API_KEY.schema),
  FIREBASE_AUTH_DOMAIN: v.optional(VARIABLES.FIREBASE_AUTH_DOMAIN.schema),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(VARIABLES.FIREBASE_AUTH_EMULATOR_HOST.schema),
  GOOGLE_CLIENT_ID: v.optional(VARIABLES.GOOGLE_CLIENT_ID.schema),
  GOOGLE_CLIENT_SECRET: v.optional(VARIABLES.GOOGLE_CLIENT_SECRET.schema),
  GOOGLE_TOKEN_URL: v.optional(VARIABLES.GOOGLE_TOKEN_URL.schema, VARIABLES.GOOGLE_TOKEN_URL.default),
  ENGINES: v.optional(VARIABLES.ENGINES.schema),
  CUTOUT_ADDON: v.optional(VARIABLES.CUTOUT_ADDON.schema),
  FAL_KEY: v.optional(VARIABLES.FAL_KEY.schema),
  FAL_QUEUE_URL: v.optional(VARIABLES.FAL_QUEUE_URL.schema, VARIABLES.FAL_QUEUE_URL.default),
  S3_BUCKET: v.optional(VARIABLES.S3_BUCKET.schema),
  S3_REGION: v.optional(VARIABLES.S3_REGION.schema, VARIABLES.S3_REGION.default),
  S3_ENDPOINT: v.optional(VARIABLES.S3_ENDPOINT.schema),
  S3_ACCESS_KEY_ID: v.optional(VARIABLES.S3_ACCESS_KEY_ID.schema),
  S3_SECRET_ACCESS_KEY: v.optional(VARIABLES.S3_SECRET_ACCESS_KEY.schema),
  S3_FORCE_PATH_STYLE: v.optional(VARIABLES.S3_FORCE_PATH_STYLE.schema, VARIABLES.S3_FORCE_PATH_STYLE.default),
  MEDIA_URL_TTL: v.optional(VARIABLES.MEDIA_URL_TTL.schema, VARIABLES.MEDIA_URL_TTL.default),
  ...billingEnvEntries,
});

/** Shows a rejected value in an error message without leaking a secret or a URL's password. */
const displayValue = (name: VariableName, text: string): string => {
  if ('secret' in VARIABLES[name]) return `${text.length} characters`;
  try {
    const url = new URL(text);
    if (url.password) {
      url.password = '***';
      return JSON.stringify(url.toString());
    }
  } catch {
    // Not a URL: shown as is.
  }
  return JSON.stringify(text);
};

/**
 * Validates an environment and returns the frozen configuration.
 * An empty or blank variable counts as unset (as `FOO=` in a compose file usually means).
 * @param cwd base for relative directories; defaults to the process's working directory.
 * @throws ConfigError naming every offending variable, the rule and the value received.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, cwd: string = process.cwd()): Config {
  const input: Record<string, string | undefined> = {};
  for (const name of VARIABLE_NAMES) {
    const raw = env[name]?.trim();
    input[name] = raw === '' ? undefined : raw;
  }

  const result = v.safeParse(envSchema, input);
  if (!result.success) {
    const offending = new Set<VariableName>();
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string' && key in VARIABLES) offending.add(key as VariableName);
    }
    throw new ConfigError(
      VARIABLE_NAMES.filter((name) => offending.has(name)).map(
        (name) => `${name} must be ${VARIABLES[name].rule} (got ${displayValue(name, input[name] ?? VARIABLES[name].default)})`,
      ),
    );
  }

  const out = result.output;
  const firebase = firebaseConfig(out);
  const google = googleConfig(out);
  const engines = engineConfig(out);
  const s3 = s3Config(out);
  const billing = billingConfig(out);
  const problems = [...firebase.problems, ...google.problems, ...engines.problems, ...s3.problems, ...billing.problems, ...devToolsProblems(out)];
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    port: out.PORT,
    host: out.HOST,
    dataDir: path.resolve(cwd, out.DATA_DIR),
    databaseUrl: out.DATABASE_URL ?? null,
    staticDir: path.resolve(cwd, out.STATIC_DIR),
    corsOrigins: Object.freeze([...new Set(out.CORS_ORIGINS)]),
    logLevel: out.LOG_LEVEL,
    nodeEnv: out.NODE_ENV,
    workers: out.WORKERS,
    shutdownTimeoutMs: out.SHUTDOWN_TIMEOUT_MS,
    trustProxy: out.TRUST_PROXY,
    jwtSecret: out.JWT_SECRET ?? null,
    accessTokenTtlSeconds: out.ACCESS_TOKEN_TTL,
    adminEmails: Object.freeze([...new Set(out.ADMIN_EMAILS)]),
    publicUrl: out.PUBLIC_URL ?? `http://localhost:${out.PORT}`,
    publicUrlSet: out.PUBLIC_URL !== undefined,
    smtpUrl: out.SMTP_URL ?? null,
    mailFrom: out.MAIL_FROM,
    supportEmail: out.SUPPORT_EMAIL,
    devTools: out.DEV_TOOLS === '1' || out.DEV_TOOLS === 'force',
    firebase: firebase.value,
    google: google.value,
    googleTokenUrl: out.GOOGLE_TOKEN_URL,
    engines: engines.value,
    cutoutAddon: out.CUTOUT_ADDON ?? null,
    fal: out.FAL_KEY ? Object.freeze({ key: out.FAL_KEY, queueUrl: out.FAL_QUEUE_URL }) : null,
    s3: s3.value,
    mediaUrlTtlSeconds: out.MEDIA_URL_TTL,
    billing: billing.value,
  });
}

type EnvOutput = v.InferOutput<typeof envSchema>;

const FIREBASE_VARIABLES = ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN'] as const;

/**
 * Firebase is on with the emulator (its demo project needs nothing else) or with all three of
 * project id, API key and auth domain; a partial set is a mistake worth stopping for.
 */
function firebaseConfig(out: EnvOutput): { value: FirebaseConfig | null; problems: string[] } {
  const emulatorHost = out.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  // firebase-admin accepts the emulator's unsigned ID tokens whenever this variable is set: in
  // production anybody could then sign in as anybody.
  if (emulatorHost && out.NODE_ENV === 'production') {
    return {
      value: null,
      problems: ['FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the emulator makes the server accept unsigned ID tokens'],
    };
  }
  if (emulatorHost) {
    const projectId = out.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID;
    return {
      value: Object.freeze({
        projectId,
        apiKey: out.FIREBASE_API_KEY ?? EMULATOR_API_KEY,
        authDomain: out.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
        emulatorHost,
      }),
      problems: [],
    };
  }
  const missing = FIREBASE_VARIABLES.filter((name) => out[name] === undefined);
  if (missing.length === FIREBASE_VARIABLES.length) return { value: null, problems: [] };
  if (missing.length > 0) {
    return {
      value: null,
      problems: missing.map((name) => `${name} must be set too: Firebase needs ${FIREBASE_VARIABLES.join(', ')} (or FIREBASE_AUTH_EMULATOR_HOST)`),
    };
  }
  return {
    value: Object.freeze({
      projectId: out.FIREBASE_PROJECT_ID ?? '',
      apiKey: out.FIREBASE_API_KEY ?? '',
      authDomain: out.FIREBASE_AUTH_DOMAIN ?? '',
      emulatorHost: null,
    }),
    problems: [],
  };
}

/**
 * The dev tools give away codes and credits without sign-in: a production server serves them
 * only when the operator insists (DEV_TOOLS=force), never because a `1` was left over from a trial.
 */
function devToolsProblems(out: EnvOutput): string[] {
  if (out.DEV_TOOLS !== '1' || out.NODE_ENV !== 'production') return [];
  return [
    'DEV_TOOLS=1 is refused with NODE_ENV=production: the dev tools hand out verification codes and credits without sign-in; set DEV_TOOLS=force to serve them anyway (to this machine only), or use NODE_ENV=development or test',
  ];
}

function googleConfig(out: EnvOutput): { value: GoogleConfig | null; problems: string[] } {
  const clientId = out.GOOGLE_CLIENT_ID;
  const clientSecret = out.GOOGLE_CLIENT_SECRET;
  if (clientId && clientSecret) return { value: Object.freeze({ clientId, clientSecret }), problems: [] };
  if (!clientId && !clientSecret) return { value: null, problems: [] };
  const missing = clientId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
  return { value: null, problems: [`${missing} must be set too: the Google callback needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`] };
}

/** fal when FAL_KEY is set, else local; ENGINES overrides per feature (fal without a key is a mistake). */
function engineConfig(out: EnvOutput): { value: Readonly<Record<Feature, EngineName>>; problems: string[] } {
  const fallback: EngineName = out.FAL_KEY ? 'fal' : 'local';
  const overrides = out.ENGINES ?? {};
  const value = Object.freeze(Object.fromEntries(FEATURES.map((feature) => [feature, overrides[feature] ?? fallback])) as Record<Feature, EngineName>);
  const needFal = FEATURES.filter((feature) => value[feature] === 'fal');
  const problems = needFal.length > 0 && !out.FAL_KEY ? [`FAL_KEY must be set: ENGINES sends ${needFal.join(', ')} to fal`] : [];
  return { value, problems };
}

function s3Config(out: EnvOutput): { value: S3Config | null; problems: string[] } {
  const problems: string[] = [];
  if ((out.S3_ACCESS_KEY_ID === undefined) !== (out.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      `${out.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} must be set too: S3 credentials need S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
    );
  }
  if (!out.S3_BUCKET) {
    if (out.S3_ENDPOINT || out.S3_ACCESS_KEY_ID) problems.push('S3_BUCKET must be set too: the other S3_* variables need a bucket');
    return { value: null, problems };
  }
  return {
    value: Object.freeze({
      bucket: out.S3_BUCKET,
      region: out.S3_REGION,
      endpoint: out.S3_ENDPOINT ?? null,
      accessKeyId: out.S3_ACCESS_KEY_ID ?? null,
      secretAccessKey: out.S3_SECRET_ACCESS_KEY ?? null,
      forcePathStyle: out.S3_FORCE_PATH_STYLE,
    }),
    problems,
  };
}
