/** The credit ledger: balances, and each key written once (grants, charges, commits, refunds). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../server/credits/ledger.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';

let test: TestDatabase;
const at = new Date('2026-01-01T00:00:00Z');
let nextUser = 0;

async function newUser(): Promise<string> {
  nextUser += 1;
  const id = `user-${nextUser}`;
  await test.database.kysely
    .insertInto('users')
    .values({ id, email: `${id}@example.com`, name: id, created_at: at })
    .execute();
  return id;
}

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
});

afterAll(async () => {
  await test.dispose();
});

describe(`credit ledger (${DRIVER})`, () => {
  it('answers 0 for an account without entries', async () => {
    expect(await creditLedger(test.database.kysely).balance(await newUser())).toBe(0);
  });

  it('grants once per key: a second grant of the same payment adds nothing', async () => {
    const ledger = creditLedger(test.database.kysely);
    const userId = await newUser();
    expect(await ledger.grant({ userId, amount: 50, reason: 'top-up', key: 'payment:p1', at }, 'purchase')).toEqual({ recorded: true, balance: 50 });
    expect(await ledger.grant({ userId, amount: 50, reason: 'top-up', key: 'payment:p1', at }, 'purchase')).toEqual({ recorded: false, balance: 50 });
    expect(await ledger.grant({ userId, amount: 5, reason: 'gift', key: 'gift:1', at })).toEqual({ recorded: true, balance: 55 });
  });

  it('reserves once per key, refuses a reservation the balance does not hold, and commits or refunds once', async () => {
    const ledger = creditLedger(test.database.kysely);
    const userId = await newUser();
    await ledger.grant({ userId, amount: 3, reason: 'grant', key: 'grant', at });

    expect(await ledger.reserve({ userId, amount: 2, reason: 'job a', key: 'a:reserve', at })).toEqual({ kind: 'reserved', recorded: true });
    // The same charge again takes nothing more, even though the balance no longer holds it.
    expect(await ledger.reserve({ userId, amount: 2, reason: 'job a', key: 'a:reserve', at })).toEqual({ kind: 'reserved', recorded: false });
    expect(await ledger.balance(userId)).toBe(1);
    expect(await ledger.reserve({ userId, amount: 2, reason: 'job b', key: 'b:reserve', at })).toEqual({ kind: 'insufficient', balance: 1 });

    expect(await ledger.commit({ userId, reason: 'job a done', key: 'a:commit', at })).toBe(true);
    expect(await ledger.commit({ userId, reason: 'job a done', key: 'a:commit', at })).toBe(false);
    expect(await ledger.refund({ userId, amount: 2, reason: 'job a failed', key: 'a:refund', at })).toBe(true);
    expect(await ledger.refund({ userId, amount: 2, reason: 'job a failed', key: 'a:refund', at })).toBe(false);
    expect(await ledger.balance(userId)).toBe(3);
  });

  it('keeps keys per account: the same key on two accounts writes twice', async () => {
    const ledger = creditLedger(test.database.kysely);
    const [first, second] = [await newUser(), await newUser()];
    await ledger.grant({ userId: first, amount: 1, reason: 'grant', key: 'same', at });
    expect(await ledger.grant({ userId: second, amount: 1, reason: 'grant', key: 'same', at })).toEqual({ recorded: true, balance: 1 });
  });

  it('serializes the charges of one account under its lock: concurrent reservations never overdraw', async () => {
    const userId = await newUser();
    await creditLedger(test.database.kysely).grant({ userId, amount: 2, reason: 'grant', key: 'grant', at });
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        test.database.kysely.transaction().execute(async (trx) => {
          const ledger = creditLedger(trx);
          expect(await ledger.lockAccount(userId)).toBe(true);
          return (await ledger.reserve({ userId, amount: 1, reason: `job ${n}`, key: `job-${n}`, at })).kind;
        }),
      ),
    );
    expect(outcomes.filter((kind) => kind === 'reserved')).toHaveLength(2);
    expect(await creditLedger(test.database.kysely).balance(userId)).toBe(0);
    expect(await creditLedger(test.database.kysely).lockAccount('nobody')).toBe(false);
  });
});
