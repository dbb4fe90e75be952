import * as v from 'valibot';
import { LogoutAllResponseSchema, UserSchema, type User } from '../../contract/auth.schema.ts';
import { PROFILE_PICTURE_PATH, ProfilePictureResponseSchema } from '../../contract/profile-picture.schema.ts';
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

/** POST /api/profile-picture: the photo itself; answers the picture's address. */
export async function uploadPicture(file: Blob) {
  return v.parse(ProfilePictureResponseSchema, await api.post(PROFILE_PICTURE_PATH, file));
}

/** POST /api/profile-picture/from-asset: an image of the library; answers the picture's address. */
export async function pictureFromAsset(assetId: string) {
  return v.parse(ProfilePictureResponseSchema, await api.post(`${PROFILE_PICTURE_PATH}/from-asset`, { asset_id: assetId }));
}
