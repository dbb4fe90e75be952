/**
 * The accounts area assembled: auth (/auth/*), the signed-in account (/api/me) and the public
 * runtime config (/api/config). (Admin and the dev tools, which reach other areas too, are
 * mounted by app.ts.)
 * app.ts mounts it; everything it needs arrives here, so tests can build it around any database,
 * clock and mail transport.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createMailer, createTransportFromConfig } from '../mail/mailer.ts';
import type { MailTransport } from '../mail/transport.ts';
import { createUsersRepository, type UserWithCredits } from './users-repository.ts';
import { meRoutes, type MeRoutesDeps } from './users-routes.ts';
import { createUsersService } from './users-service.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import { createFirebaseVerifier, createGoogleExchange, type FirebaseVerifier } from './identity.ts';
import { createGuards, type Guards } from './middleware.ts';
import { publicConfigRoutes } from './public-config.ts';
import { createRateLimiter } from '../platform/rate-limit.ts';
import { tooManyAttempts } from './errors.ts';
import { createAuthRepository } from './repository.ts';
import { authRoutes } from './routes.ts';
import { createSecretHasher } from '../platform/secrets.ts';
import { createAuthService, type AuthService } from './service.ts';
import { createSessionsRepository } from './sessions.ts';
import { createAccessTokens } from './tokens.ts';

export type AccountsConfig = Pick<
  Config,
  | 'trustProxy'
  | 'dataDir'
  | 'accessTokenTtlSeconds'
  | 'adminEmails'
  | 'publicUrl'
  | 'smtpUrl'
  | 'mailFrom'
  | 'devTools'
  | 'firebase'
  | 'google'
  | 'googleTokenUrl'
>;

export interface AccountsDeps {
  config: AccountsConfig;
  database: Database;
  logger: Logger;
  /** The key access tokens are signed with (JWT_SECRET or the generated one, see secrets.ts). */
  signingKey: string;
  tasks: BackgroundTasks;
  /** ms since the epoch; tests move it. */
  now: () => number;
  /** Overrides the transport chosen by SMTP_URL (tests: a failing one). */
  mailTransport?: MailTransport;
  /** See UsersServiceDeps.beforeDelete: other areas' clean-up of a deleted account. */
  beforeAccountDelete?: (userId: string) => Promise<() => Promise<void>>;
  /** GET /api/me/stats: the dashboard's figures of the signed-in account (see MeRoutesDeps). */
  usageStats?: MeRoutesDeps['usageStats'];
  /** How the limits wait when they slow guesses down (server/platform/rate-limit.ts); tests record instead. Defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Accounts {
  guards: Guards;
  service: AuthService;
  /** Every route of the area (see server/http/area.ts). */
  routes(): Area;
  /** Releases the Firebase app, if any. */
  close(): Promise<void>;
}

export function createAccounts(deps: AccountsDeps): Accounts {
  const { config, now } = deps;
  const users = createUsersRepository(deps.database);
  const repository = createAuthRepository(deps.database);
  const tokens = createAccessTokens({ secret: deps.signingKey, ttlSeconds: config.accessTokenTtlSeconds, now });
  const sessions = createSessionsRepository(deps.database);
  const limiter = createRateLimiter({
    repository,
    now,
    refuse: tooManyAttempts,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  });
  const mailer = createMailer({ transport: deps.mailTransport ?? createTransportFromConfig(config), logger: deps.logger, now });
  const firebase: FirebaseVerifier | null = config.firebase ? createFirebaseVerifier(config.firebase, deps.logger) : null;
  const google = config.google ? createGoogleExchange({ client: config.google, tokenUrl: config.googleTokenUrl, logger: deps.logger }) : null;

  const beforeAccountDelete = deps.beforeAccountDelete;
  // The users service needs the credential check, which lives in the auth service: late-bound.
  let service: AuthService | undefined;
  const usersService = createUsersService({
    repository: users,
    adminEmails: config.adminEmails,
    checkCredential: (user, secret, caller) => {
      if (!service) throw new Error('accounts not assembled');
      return service.confirmCredential(user, secret, caller);
    },
    // The sign-in limits count under the email, account deletion's and the media area's upload
    // limits under the id.
    onDeleted: (user) => repository.forgetAttemptKeys([user.email, user.id]),
    ...(beforeAccountDelete ? { beforeDelete: (user: UserWithCredits) => beforeAccountDelete(user.id) } : {}),
  });
  service = createAuthService({
    users,
    usersService,
    repository,
    tokens,
    sessions,
    hashSecret: createSecretHasher(deps.signingKey),
    limiter,
    mailer,
    tasks: deps.tasks,
    publicUrl: config.publicUrl,
    firebase,
    google,
    logger: deps.logger,
    now,
  });
  const guards = createGuards({ tokens, users, sessions, usersService, now });
  const authService = service;

  return {
    guards,
    service: authService,
    routes() {
      const me: MeRoutesDeps = { service: usersService, guards, trustProxy: config.trustProxy };
      if (deps.usageStats) me.usageStats = deps.usageStats;
      return [
        mountAt('/api/config', publicConfigRoutes(config)),
        mountAt('/auth', authRoutes({ service: authService, usersService, guards, tokens, trustProxy: config.trustProxy })),
        mountAt('/api/me', meRoutes(me)),
      ];
    },
    close: async () => {
      await firebase?.close();
    },
  };
}
