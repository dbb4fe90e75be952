/** `/auth/*` (spec §7, contract: src/contract/auth.ts). Answers are never cached: they carry tokens. */
import { Hono, type Context } from 'hono';
import {
  EmailRequestSchema,
  FirebaseAuthRequestSchema,
  GoogleCallbackRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '../../src/contract/auth.ts';
import type { UsersService } from '../users/service.ts';
import { clientAddress } from './client-address.ts';
import { readAuthBody } from './errors.ts';
import type { Guards, UserEnv } from './middleware.ts';
import type { AuthService } from './service.ts';

export interface AuthRoutesDeps {
  service: AuthService;
  usersService: UsersService;
  guards: Guards;
  trustProxy: boolean;
}

export function authRoutes({ service, usersService, guards, trustProxy }: AuthRoutesDeps): Hono<UserEnv> {
  const caller = (c: Context<UserEnv>) => ({ address: clientAddress(c, trustProxy) });
  const app = new Hono<UserEnv>();
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.post('/login', async (c) => c.json(await service.login(await readAuthBody(c, LoginRequestSchema), caller(c))));
  app.post('/register', async (c) => c.json(await service.register(await readAuthBody(c, RegisterRequestSchema)), 201));
  app.post('/generate_otp', async (c) => c.json(await service.generateOtp((await readAuthBody(c, EmailRequestSchema)).email, caller(c))));
  app.post('/verify_otp', async (c) => {
    const body = await readAuthBody(c, VerifyOtpRequestSchema);
    return c.json(await service.verifyOtp(body.email, body.otp, caller(c)));
  });
  app.post('/forgot-password', async (c) => c.json(await service.forgotPassword((await readAuthBody(c, EmailRequestSchema)).email, caller(c))));
  app.post('/reset-password', async (c) => c.json(await service.resetPassword(await readAuthBody(c, ResetPasswordRequestSchema))));
  // register and login behave alike: both sign in to the identity's account, creating it when
  // needed (is_new_user says which), so a client that picks the "wrong" one still gets in.
  app.post('/firebase/register', async (c) => c.json(await service.firebaseSignIn(await readAuthBody(c, FirebaseAuthRequestSchema))));
  app.post('/firebase/login', async (c) => c.json(await service.firebaseSignIn(await readAuthBody(c, FirebaseAuthRequestSchema))));
  app.post('/google/callback', async (c) => c.json(await service.googleCallback(await readAuthBody(c, GoogleCallbackRequestSchema))));
  app.get('/profile', guards.requireUser, (c) => c.json(usersService.toApiUser(c.get('user'))));
  return app;
}

