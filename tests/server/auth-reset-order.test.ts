import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsHarness, resetTokenOf, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

/**
 * Reset requests made at once for one account: each replaces the account's token and mails it.
 * The first mail here takes longer to write than the next ones, so mails sent side by side would
 * land out of order and the newest would hold a replaced token; sent one after the other, the
 * newest mail holds the link that works.
 */
describe(`password reset mails of one account (${DRIVER})`, () => {
  let h: AccountsHarness;
  let resetMails = 0;
  beforeAll(async () => {
    h = await createAccountsHarness({ mailDelayMs: (mail) => (mail.kind === 'reset' && ++resetMails === 1 ? 150 : 0) });
  });
  afterAll(async () => h.dispose());

  it('go out in turn: the newest mail holds the link that works', async () => {
    await h.signUp({ email: 'hurried@example.com' });
    const answers = await Promise.all([1, 2, 3].map(() => h.post('/auth/forgot-password', { email: 'hurried@example.com' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const newest = resetTokenOf(await h.lastMail('hurried@example.com', 'reset'));
    expect(resetMails).toBe(3);
    const reset = await h.post('/auth/reset-password', { email: 'hurried@example.com', reset_token: newest.token, new_password: 'a brand new passphrase' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });
});
