/** The profile pictures' SQL (`profile_pictures`, 0022_profile_pictures.sql) and the account's pointer to its own. */
import type { Database } from '../db/connection.ts';

/** Keeps `bytes` as the account's picture (one per account) and points its `profile_picture` at `address`, in one transaction. */
export async function keepProfilePicture(database: Database, userId: string, hash: string, bytes: Uint8Array, address: string): Promise<void> {
  await database.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('profile_pictures')
      .values({ user_id: userId, hash, bytes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, bytes, created_at: new Date() }))
      .execute();
    await trx.updateTable('users').set({ profile_picture: address }).where('id', '=', userId).execute();
  });
}

/** The bytes of the account's picture whose hash is `hash`, if it is the one kept. */
export async function profilePictureBytes(database: Database, userId: string, hash: string): Promise<Uint8Array | undefined> {
  const row = await database.kysely.selectFrom('profile_pictures').select(['bytes']).where('user_id', '=', userId).where('hash', '=', hash).executeTakeFirst();
  return row?.bytes;
}
