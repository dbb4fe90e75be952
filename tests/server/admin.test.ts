/** `/api/admin/*`: one guard (401 without a token, 403 'Access Denied' for non-admins) and the user statistics. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatisticsSchema } from '../../src/contract/admin.schema.ts';
import { createAccountsHarness, DAY_MS, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness({ env: { ADMIN_EMAILS: 'Boss@Example.com, second-admin@example.com' } });
});

afterAll(async () => {
  await h.dispose();
});

describe(`GET /api/admin/statistics/users (${DRIVER})`, () => {
  it('answers 401 without a valid token and 403 Access Denied to a non-admin, on every admin path', async () => {
    const user = await h.signUp({ email: 'plain@example.com' });
    expect(user.user.role).toBe('user');
    for (const url of ['/api/admin/statistics/users', '/api/admin/users/search', '/api/admin']) {
      expect(await h.call('GET', url)).toMatchObject({ status: 401, body: { message: 'Please sign in to continue.', code: 'signInRequired' } });
      expect(await h.call('GET', url, { token: 'not.a.token' })).toMatchObject({ status: 401, body: { code: 'sessionExpired' } });
      expect(await h.call('GET', url, { token: user.access_token })).toMatchObject({ status: 403, body: { message: 'Access Denied', code: 'accessDenied' } });
    }
    expect(await h.call('POST', '/api/admin/blog/posts', { token: user.access_token, body: {} })).toMatchObject({
      status: 403,
      body: { detail: 'Access Denied', code: 'accessDenied' },
    });
  });

  it('answers the right figures to an ADMIN_EMAILS account (case-insensitive)', async () => {
    // plain@example.com (verified) exists from the first test; add accounts at known ages.
    expect((await h.post('/auth/register', { name: 'Pending', email: 'pending@example.com', password: PASSWORD })).status).toBe(201);
    h.clock.advance(25 * DAY_MS);
    const mid = await h.signUp({ email: 'mid@example.com' });
    await h.database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', mid.user.id).execute();
    h.clock.advance(10 * DAY_MS);
    await h.signUp({ email: 'recent@example.com' });
    const admin = await h.signUp({ email: 'boss@example.com' });
    expect(admin.user.role).toBe('admin');
    expect((await h.call('GET', '/auth/profile', { token: admin.access_token })).body.role).toBe('admin');

    const result = await h.call('GET', '/api/admin/statistics/users', { token: admin.access_token });
    expect(result.status).toBe(200);
    expect(v.parse(UserStatisticsSchema, result.body)).toEqual({
      total_users: 5,
      verified_users: 4,
      new_users_7d: 2,
      new_users_30d: 3,
      by_plan: { free: 4, pro: 1 },
    });
    expect(await h.call('GET', '/api/admin/nothing-here', { token: admin.access_token })).toMatchObject({
      status: 404,
      body: { message: 'Not found', code: 'unknownPath' },
    });
  });

  it('makes an ADMIN_EMAILS account admin only while it is verified, in the guard and in what the API reports', async () => {
    const admin = await h.signUp({ email: 'second-admin@example.com' });
    expect(admin.user.role).toBe('admin');
    // E.g. an account made by an identity whose email nobody proved (before such sign-ins were refused).
    await h.database.kysely.updateTable('users').set({ is_verified: false }).where('id', '=', admin.user.id).execute();
    expect(await h.call('GET', '/api/admin/statistics/users', { token: admin.access_token })).toMatchObject({ status: 403, body: { code: 'accessDenied' } });
    expect((await h.call('GET', '/auth/profile', { token: admin.access_token })).body).toMatchObject({ role: 'user', is_verified: false });
    expect((await h.call('GET', '/api/me', { token: admin.access_token })).body.role).toBe('user');
  });
});
