import * as v from 'valibot';
import { LogoutAllResponseSchema, UserSchema, type User } from '../../contract/auth.ts';
import { api } from '../../lib/api.ts';

/** PUT /api/me: name, picture, language; answers the updated user. */
export async function updateMe(changes: { name?: string; profile_picture?: string | null; language?: User['language'] }) {
  return v.parse(UserSchema, await api.put('/api/me', changes));
}

/** DELETE /api/me with the password asked again. */
export async function deleteMe(password: string) {
  await api.delete('/api/me', { body: { password } });
}

/** POST /auth/logout-all: ends every session of the account, this one included. */
export async function logoutAll() {
  return v.parse(LogoutAllResponseSchema, await api.post('/auth/logout-all'));
}
