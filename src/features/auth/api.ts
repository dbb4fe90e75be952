import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  IdentityLoginResponseSchema,
  LoginResponseSchema,
  RegisterResponseSchema,
  StatusResponseSchema,
  UserSchema,
  type LoginForm,
  type RegisterRequest,
} from '../../contract/auth.schema.ts';
import { api } from '../../lib/api.ts';

/**
 * The auth calls (docs/product-rules.md#auth-api). Every answer is parsed with the contract, so a surprise in the
 * server's shape fails here, loudly, not three components later.
 */
export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
};

export async function login(form: LoginForm) {
  return v.parse(LoginResponseSchema, await api.post('/auth/login', { username: form.email, password: form.password }));
}

export async function register(request: RegisterRequest) {
  return v.parse(RegisterResponseSchema, await api.post('/auth/register', request));
}

export async function generateOtp(email: string) {
  return v.parse(StatusResponseSchema, await api.post('/auth/generate_otp', { email }));
}

/** The code travels as an integer (docs/product-rules.md#otp): "012345" is sent as 12345. */
export async function verifyOtp(email: string, code: string) {
  return v.parse(StatusResponseSchema, await api.post('/auth/verify_otp', { email, otp: Number.parseInt(code, 10) }));
}

export async function forgotPassword(email: string) {
  return v.parse(StatusResponseSchema, await api.post('/auth/forgot-password', { email }));
}

export async function resetPassword(email: string, resetToken: string, newPassword: string) {
  return v.parse(StatusResponseSchema, await api.post('/auth/reset-password', { email, reset_token: resetToken, new_password: newPassword }));
}

/** POST /auth/google/callback (the OAuth code flow's return). Either sign-in answer is accepted. */
export async function googleCallback(code: string, redirectUri: string) {
  const body = await api.post('/auth/google/callback', { code, redirect_uri: redirectUri });
  return v.parse(v.union([IdentityLoginResponseSchema, LoginResponseSchema]), body);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => v.parse(UserSchema, await api.get('/auth/profile', { signal })),
    // The guard asks the server each time a screen opens; no stale role decides.
    staleTime: 0,
  });
