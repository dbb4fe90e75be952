/**
 * Server configuration: every environment variable the server reads, validated once at start-up.
 *
 * `loadConfig(env)` is pure (no I/O, no process.env access) so tests can feed it any environment;
 * `server/main.ts` calls it exactly once with `process.env`. Nothing else in server/ reads
 * process.env: everything that varies by deployment arrives through the frozen `Config`.
 */
import path from 'node:path';
import * as v from 'valibot';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

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
  /** Whether X-Forwarded-For is believed for the client address in logs. */
  readonly trustProxy: boolean;
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

const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * One entry per variable: its default (as the text one would write in the environment), what it
 * does, the rule quoted in error messages, and the valibot schema turning the text into a value.
 */
const VARIABLES = {
  PORT: {
    default: '8080',
    description: 'TCP port the HTTP server listens on (0 picks a free port).',
    rule: `an integer between 0 and ${MAX_PORT}`,
    schema: v.pipe(integerText, toInteger, v.maxValue(MAX_PORT)),
  },
  HOST: {
    default: '0.0.0.0',
    description: 'Interface address the HTTP server binds to.',
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
    description: 'Set to 1 behind a reverse proxy so X-Forwarded-For is used as the client address in logs.',
    rule: '0 or 1',
    schema: v.pipe(v.picklist(['0', '1']), v.transform((flag: '0' | '1') => flag === '1')),
  },
} as const;

type VariableName = keyof typeof VARIABLES;

const VARIABLE_NAMES = Object.keys(VARIABLES) as VariableName[];

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
});

/** Shows a rejected value in an error message without leaking a password from a URL. */
const displayValue = (text: string): string => {
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
        (name) => `${name} must be ${VARIABLES[name].rule} (got ${displayValue(input[name] ?? VARIABLES[name].default)})`,
      ),
    );
  }

  const out = result.output;
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
  });
}
