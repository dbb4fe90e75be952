import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, ConfigError, loadConfig } from './config.ts';

const cwd = '/srv/atelier';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/atelier/data',
      databaseUrl: null,
      staticDir: '/srv/atelier/dist',
      corsOrigins: [],
      logLevel: 'info',
      nodeEnv: 'production',
      workers: 2,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
    });
  });

  it('reads every variable and resolves directories against cwd', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgresql://app:secret@db.internal:5432/atelier',
        STATIC_DIR: '/opt/atelier/dist',
        CORS_ORIGINS: ' https://app.example.com , http://localhost:5173,,https://app.example.com',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'test',
        WORKERS: '0',
        SHUTDOWN_TIMEOUT_MS: '2500',
        TRUST_PROXY: '1',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/srv/atelier/var/data',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/atelier',
      staticDir: '/opt/atelier/dist',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      logLevel: 'debug',
      nodeEnv: 'test',
      workers: 0,
      shutdownTimeoutMs: 2500,
      trustProxy: true,
    });
  });

  it('returns a frozen object', () => {
    const config = loadConfig({}, cwd);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.corsOrigins)).toBe(true);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }, cwd)).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 0 and 65535 (got "abc")'],
    ['PORT', '65536', 'PORT must be an integer between 0 and 65535 (got "65536")'],
    ['PORT', '8080.5', 'PORT must be an integer between 0 and 65535 (got "8080.5")'],
    ['DATABASE_URL', 'localhost:5432', 'DATABASE_URL must be a postgres:// or postgresql:// URL (got "localhost:5432")'],
    ['DATABASE_URL', 'https://db.example.com', 'DATABASE_URL must be a postgres:// or postgresql:// URL (got "https://db.example.com")'],
    ['WORKERS', '-2', 'WORKERS must be an integer ≥ 0 (got "-2")'],
    ['WORKERS', '1.5', 'WORKERS must be an integer ≥ 0 (got "1.5")'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, production, test (got "staging")'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'SHUTDOWN_TIMEOUT_MS must be an integer ≥ 0 (milliseconds) (got "10s")'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be 0 or 1 (got "true")'],
    ['CORS_ORIGINS', 'https://app.example.com/path', 'CORS_ORIGINS must be a comma-separated list of origins like https://app.example.com (got "https://app.example.com/path")'],
    ['CORS_ORIGINS', '*', 'CORS_ORIGINS must be a comma-separated list of origins like https://app.example.com (got "*")'],
  ])('rejects %s=%j', (name, value, problem) => {
    const error = configError({ [name]: value });
    expect(error.problems).toEqual([problem]);
    expect(error.message).toBe(`Invalid environment: ${problem}`);
  });

  it('hides the password of a rejected URL', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toContain('mysql://root:***@db/app');
  });

  it('lists every offending variable in documentation order', () => {
    const error = configError({ WORKERS: 'many', PORT: '-1' });
    expect(error.problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'WORKERS']);
  });
});

describe('CONFIG_DOCS', () => {
  it('documents every variable once, with a description', () => {
    const names = CONFIG_DOCS.map((doc) => doc.name);
    expect(names).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'STATIC_DIR',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'NODE_ENV',
      'WORKERS',
      'SHUTDOWN_TIMEOUT_MS',
      'TRUST_PROXY',
    ]);
    for (const doc of CONFIG_DOCS) expect(doc.description.length).toBeGreaterThan(10);
  });

  it('documents defaults that loadConfig actually applies', () => {
    const env = Object.fromEntries(CONFIG_DOCS.filter((doc) => doc.default !== '').map((doc) => [doc.name, doc.default]));
    expect(loadConfig(env, cwd)).toEqual(loadConfig({}, cwd));
  });
});
