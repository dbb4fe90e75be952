/** `/auth/*` (docs/product-rules.md#auth-api, contract: src/contract/auth.schema.ts). Answers are never cached: they carry tokens. */
import { Hono, type Context } from 'hono';
import {
  AUTH_SUCCESS_MESSAGES,
  EmailRequestSchema,
  FirebaseAuthRequestSchema,
  GoogleCallbackRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  VerifyOtpRequestSchema,
  type LogoutAllResponse,
} from '../../src/contract/auth.schema.ts';
import type { UsersService } from './users-service.ts';
import { clientAddress } from '../http/client-address.ts';
import { originOf } from '../http/origin.ts';
import { readAuthBody } from './errors.ts';
import { bearerClaims, type Guards, type UserEnv } from './middleware.ts';
import type { AuthService } from './service.ts';
import type { AccessTokens } from './tokens.ts';

export interface AuthRoutesDeps {
  service: AuthService;
  usersService: UsersService;
  guards: Guards;
  tokens: AccessTokens;
  trustProxy: boolean;
}

export function authRoutes({ service, usersService, guards, tokens, trustProxy }: AuthRoutesDeps): Hono<UserEnv> {
  const caller = (c: Context<UserEnv>) => ({ address: clientAddress(c, trustProxy), userAgent: c.req.header('user-agent') ?? null, origin: originOf(c) });
  const app = new Hono<UserEnv>();
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.post('/login', async (c) => c.json(await service.login(await readAuthBody(c, LoginRequestSchema), caller(c))));
  app.post('/register', async (c) => c.json(await service.register(await readAuthBody(c, RegisterRequestSchema), caller(c)), 201));
  app.post('/generate_otp', async (c) => c.json(await service.generateOtp((await readAuthBody(c, EmailRequestSchema)).email, caller(c))));
  app.post('/verify_otp', async (c) => {
    const body = await readAuthBody(c, VerifyOtpRequestSchema);
    return c.json(await service.verifyOtp(body.email, body.otp, caller(c)));
  });
  app.post('/forgot-password', async (c) => c.json(await service.forgotPassword((await readAuthBody(c, EmailRequestSchema)).email, caller(c))));
  app.post('/reset-password', async (c) => c.json(await service.resetPassword(await readAuthBody(c, ResetPasswordRequestSchema), caller(c))));
  // register and login behave alike: both sign in to the identity's account, creating it when
  // needed (is_new_user says which), so a client that picks the "wrong" one still gets in.
  app.post('/firebase/register', async (c) => c.json(await service.firebaseSignIn(await readAuthBody(c, FirebaseAuthRequestSchema), caller(c))));
  app.post('/firebase/login', async (c) => c.json(await service.firebaseSignIn(await readAuthBody(c, FirebaseAuthRequestSchema), caller(c))));
  app.post('/google/callback', async (c) => c.json(await service.googleCallback(await readAuthBody(c, GoogleCallbackRequestSchema), caller(c))));
  /**
   * Ends this device's session. Only the token's signature and expiry are checked, not its
   * session: logging out twice (or after "everywhere") is still a success, 204.
   */
  app.post('/logout', async (c) => {
    const claims = await bearerClaims(tokens, c.req.header('authorization'));
    if (claims.sid) await service.logout(claims.sub, claims.sid);
    return c.body(null, 204);
  });
  /** "Sign out everywhere": every session of the account, and its one-time credentials. Needs a live session. */
  app.post('/logout-all', guards.requireUser, async (c) => {
    const revoked = await service.logoutEverywhere(c.get('user').id);
    const answer: LogoutAllResponse = { status: 'success', message: AUTH_SUCCESS_MESSAGES.signedOutEverywhere, revoked_sessions: revoked };
    return c.json(answer);
  });
  app.get('/profile', guards.requireUser, (c) => c.json(usersService.toApiUser(c.get('user'))));
  return app;
}
