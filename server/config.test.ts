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
  it('turns a payment provider on with all its keys, stops on a partial set, and sets the sandbox aside unless asked for', () => {
    const payos = { PAYOS_CLIENT_ID: 'client', PAYOS_API_KEY: 'key', PAYOS_CHECKSUM_KEY: 'checksum' };
    const on = loadConfig(payos, cwd).billing;
    expect(on.payos).toEqual({ clientId: 'client', apiKey: 'key', checksumKey: 'checksum', baseUrl: 'https://api-merchant.payos.vn' });
    expect(on.sandbox).toBe(false);
    expect(loadConfig({ ...payos, PAYMENT_SANDBOX: '1' }, cwd).billing.sandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }, cwd).billing.sandbox).toBe(false);
    expect(configError({ VNPAY_TMN_CODE: 'tmn' }).problems.join(' ')).toContain('VNPAY_HASH_SECRET');
  });

  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/atelier/data',
      databaseUrl: null,
      staticDir: '/srv/atelier/dist',
      corsOrigins: [],
      cutoutAddon: null,
      logLevel: 'info',
      nodeEnv: 'production',
      workers: 2,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      jwtSecret: null,
      accessTokenTtlSeconds: 7 * 86_400,
      adminEmails: [],
      publicUrl: 'http://localhost:8080',
      publicUrlSet: false,
      smtpUrl: null,
      mailFrom: 'Atelier <no-reply@atelier.local>',
      supportEmail: 'hello@atelier.vn',
      devTools: false,
      firebase: null,
      google: null,
      googleTokenUrl: 'https://oauth2.googleapis.com/token',
      engines: {
        'virtual-tryon': 'local',
        'image-editing': 'local',
        'body-generator': 'local',
        'hairstyle-changer': 'local',
        'image-to-video': 'local',
        'upscaler-image': 'local',
        'upscaler-video': 'local',
      },
      fal: null,
      s3: null,
      mediaUrlTtlSeconds: 6 * 3_600,
      billing: {
        sandbox: true,
        payos: null,
        vnpay: null,
        momo: null,
        stripe: null,
        seller: {
          name: 'Công ty TNHH Atelier Studio',
          address: '72 Lê Thánh Tôn, Phường Sài Gòn, TP. Hồ Chí Minh, Việt Nam',
          tax_code: '0318123456',
          email: 'billing@atelier.vn',
          phone: '+84 28 3822 6868',
        },
      },
    });
  });

  it('sends every tool to fal with a key, and lets ENGINES override per feature', () => {
    const withKey = loadConfig({ FAL_KEY: 'key-123', ENGINES: 'upscaler-image=local' }, cwd);
    expect(withKey.fal).toEqual({ key: 'key-123', queueUrl: 'https://queue.fal.run' });
    expect(withKey.engines['image-to-video']).toBe('fal');
    expect(withKey.engines['upscaler-image']).toBe('local');
    expect(loadConfig({ ENGINES: 'image-editing=local' }, cwd).engines['image-editing']).toBe('local');
    expect(configError({ ENGINES: 'image-to-video=fal' }).problems).toEqual(['FAL_KEY must be set: ENGINES sends image-to-video to fal']);
    expect(configError({ ENGINES: 'teleport=fal' }).problems[0]).toMatch(/^ENGINES must be comma-separated feature=engine pairs/);
    expect(configError({ ENGINES: 'image-to-video=gpu' }).problems[0]).toMatch(/^ENGINES must be/);
  });

  it('reads an S3 bucket and refuses half a configuration', () => {
    const config = loadConfig(
      { S3_BUCKET: 'atelier-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: '1' },
      cwd,
    );
    expect(config.s3).toEqual({
      bucket: 'atelier-media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(configError({ S3_BUCKET: 'atelier-media', S3_ACCESS_KEY_ID: 'id' }).problems).toEqual([
      'S3_SECRET_ACCESS_KEY must be set too: S3 credentials need S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    ]);
    expect(configError({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).problems).toEqual(['S3_BUCKET must be set too: the other S3_* variables need a bucket']);
    expect(configError({ MEDIA_URL_TTL: '10s' }).problems[0]).toMatch(/^MEDIA_URL_TTL must be/);
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

  it('reads the accounts variables', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        JWT_SECRET: 'x'.repeat(40),
        ACCESS_TOKEN_TTL: '12h',
        ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com,,boss@example.com',
        PUBLIC_URL: 'https://atelier.example.com/',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'no-reply@example.com',
        DEV_TOOLS: 'force',
        FIREBASE_PROJECT_ID: 'atelier-prod',
        FIREBASE_API_KEY: 'AIza-key_1',
        FIREBASE_AUTH_DOMAIN: 'atelier-prod.firebaseapp.com',
        GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'shh',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:4010/token',
      },
      cwd,
    );
    expect(config).toMatchObject({
      jwtSecret: 'x'.repeat(40),
      accessTokenTtlSeconds: 12 * 3_600,
      adminEmails: ['boss@example.com', 'ops@example.com'],
      publicUrl: 'https://atelier.example.com',
      publicUrlSet: true,
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'no-reply@example.com',
      devTools: true,
      firebase: { projectId: 'atelier-prod', apiKey: 'AIza-key_1', authDomain: 'atelier-prod.firebaseapp.com', emulatorHost: null },
      google: { clientId: 'client.apps.googleusercontent.com', clientSecret: 'shh' },
      googleTokenUrl: 'http://127.0.0.1:4010/token',
    });
  });

  it.each([
    ['3600', 3_600],
    ['90s', 90],
    ['30m', 1_800],
    ['7d', 604_800],
  ])('reads ACCESS_TOKEN_TTL=%s as %i seconds', (text, seconds) => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: text }, cwd).accessTokenTtlSeconds).toBe(seconds);
  });

  it('turns dev tools on only when asked: DEV_TOOLS=1, or force in production', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(loadConfig({ NODE_ENV }, cwd).devTools, NODE_ENV).toBe(false);
      expect(loadConfig({ NODE_ENV, DEV_TOOLS: '0' }, cwd).devTools, NODE_ENV).toBe(false);
      expect(loadConfig({ NODE_ENV, DEV_TOOLS: 'force' }, cwd).devTools, NODE_ENV).toBe(true);
    }
    expect(loadConfig({ NODE_ENV: 'development', DEV_TOOLS: '1' }, cwd).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEV_TOOLS: '1' }, cwd).devTools).toBe(true);
  });

  it('refuses DEV_TOOLS=1 in production, naming the way to force it', () => {
    expect(configError({ NODE_ENV: 'production', DEV_TOOLS: '1' }).problems).toEqual([
      'DEV_TOOLS=1 is refused with NODE_ENV=production: the dev tools hand out verification codes and credits without sign-in; set DEV_TOOLS=force to serve them anyway (to this machine only), or use NODE_ENV=development or test',
    ]);
    // NODE_ENV defaults to production, as `npm start` runs.
    expect(configError({ DEV_TOOLS: '1' }).problems[0]).toMatch(/^DEV_TOOLS=1 is refused/);
  });

  it('runs Firebase against the emulator with demo defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, cwd).firebase).toEqual({
      projectId: 'demo-atelier',
      apiKey: 'demo-api-key',
      authDomain: 'demo-atelier.firebaseapp.com',
      emulatorHost: '127.0.0.1:9099',
    });
    expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, cwd).firebase?.emulatorHost).toBe('127.0.0.1:9099');
  });

  it('refuses the emulator in production (NODE_ENV unset means production): firebase-admin would accept unsigned tokens', () => {
    const problem = 'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production: the emulator makes the server accept unsigned ID tokens';
    expect(configError({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).problems).toEqual([problem]);
    expect(configError({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'atelier-prod' }).problems).toEqual([problem]);
  });

  it('refuses a partial Firebase or Google configuration, naming what is missing', () => {
    expect(configError({ FIREBASE_PROJECT_ID: 'atelier-prod' }).problems).toEqual([
      'FIREBASE_API_KEY must be set too: Firebase needs FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN (or FIREBASE_AUTH_EMULATOR_HOST)',
      'FIREBASE_AUTH_DOMAIN must be set too: Firebase needs FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN (or FIREBASE_AUTH_EMULATOR_HOST)',
    ]);
    expect(configError({ GOOGLE_CLIENT_ID: 'id' }).problems).toEqual([
      'GOOGLE_CLIENT_SECRET must be set too: the Google callback needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    ]);
  });

  it('never shows a rejected secret', () => {
    const error = configError({ JWT_SECRET: 'too-short-secret' });
    expect(error.problems).toEqual(['JWT_SECRET must be at least 32 characters (got 16 characters)']);
    expect(error.message).not.toContain('too-short-secret');
    expect(configError({ SMTP_URL: 'http://user:hunter2@mail.example.com' }).message).not.toContain('hunter2');
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
    [
      'CORS_ORIGINS',
      'https://app.example.com/path',
      'CORS_ORIGINS must be a comma-separated list of origins like https://app.example.com (got "https://app.example.com/path")',
    ],
    ['CORS_ORIGINS', '*', 'CORS_ORIGINS must be a comma-separated list of origins like https://app.example.com (got "*")'],
    ['ACCESS_TOKEN_TTL', '1w', 'ACCESS_TOKEN_TTL must be a duration like 7d, 12h, 30m or a number of seconds (more than 0) (got "1w")'],
    ['ACCESS_TOKEN_TTL', '0', 'ACCESS_TOKEN_TTL must be a duration like 7d, 12h, 30m or a number of seconds (more than 0) (got "0")'],
    ['ADMIN_EMAILS', 'boss@example.com,nobody', 'ADMIN_EMAILS must be a comma-separated list of email addresses (got "boss@example.com,nobody")'],
    ['PUBLIC_URL', 'atelier.example.com', 'PUBLIC_URL must be an http:// or https:// URL (got "atelier.example.com")'],
    ['SMTP_URL', 'mail.example.com:25', 'SMTP_URL must be an smtp:// or smtps:// URL (got "mail.example.com:25")'],
    ['MAIL_FROM', 'Atelier', 'MAIL_FROM must be an email address, optionally with a display name: Name <address> (got "Atelier")'],
    ['SUPPORT_EMAIL', 'support', 'SUPPORT_EMAIL must be an email address (got "support")'],
    ['DEV_TOOLS', 'yes', 'DEV_TOOLS must be 0, 1 or force (got "yes")'],
    [
      'FIREBASE_AUTH_EMULATOR_HOST',
      'http://127.0.0.1:9099',
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got "http://127.0.0.1:9099")',
    ],
    ['GOOGLE_TOKEN_URL', 'ftp://x', 'GOOGLE_TOKEN_URL must be an http:// or https:// URL (got "ftp://x")'],
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
      'JWT_SECRET',
      'ACCESS_TOKEN_TTL',
      'ADMIN_EMAILS',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'SUPPORT_EMAIL',
      'DEV_TOOLS',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'GOOGLE_TOKEN_URL',
      'ENGINES',
      'CUTOUT_ADDON',
      'FAL_KEY',
      'FAL_QUEUE_URL',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'MEDIA_URL_TTL',
      'PAYMENT_SANDBOX',
      'PAYOS_CLIENT_ID',
      'PAYOS_API_KEY',
      'PAYOS_CHECKSUM_KEY',
      'PAYOS_API_URL',
      'VNPAY_TMN_CODE',
      'VNPAY_HASH_SECRET',
      'VNPAY_PAY_URL',
      'VNPAY_API_URL',
      'MOMO_PARTNER_CODE',
      'MOMO_ACCESS_KEY',
      'MOMO_SECRET_KEY',
      'MOMO_API_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'SELLER_TAX_CODE',
      'SELLER_EMAIL',
      'SELLER_PHONE',
    ]);
    for (const doc of CONFIG_DOCS) expect(doc.description.length).toBeGreaterThan(10);
  });

  it('documents defaults that loadConfig actually applies', () => {
    const env = Object.fromEntries(CONFIG_DOCS.filter((doc) => doc.default !== '').map((doc) => [doc.name, doc.default]));
    expect(loadConfig(env, cwd)).toEqual(loadConfig({}, cwd));
  });
});
