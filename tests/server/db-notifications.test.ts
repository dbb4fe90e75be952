/**
 * The process's listening connection (server/db/notifications.ts), on Postgres only: a NOTIFY
 * committed by another connection reaches the subscribers, none is delivered for a rolled-back
 * transaction, and a connection the server drops is replaced, the subscribers told to look once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotifications, type Notifications } from '../../server/db/notifications.ts';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from './helpers/database.ts';
import { waitFor } from './helpers/generations.ts';
import { silentLogger } from './helpers/logs.ts';

const CHANNEL = 'test_notifications';

describe.skipIf(!POSTGRES_URL)('the listening connection (postgres)', () => {
  let test: TestDatabase;
  let notifications: Notifications;
  const received: string[] = [];
  let connects = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    notifications = await startNotifications({ connectionString: test.url ?? '', logger: silentLogger() });
    notifications.subscribe(CHANNEL, { onMessage: (payload) => received.push(payload), onConnected: () => (connects += 1) });
    await waitFor(() => (connects === 1 ? true : undefined), 5_000, 'the subscription to listen');
  });

  afterAll(async () => {
    await notifications?.close();
    await test?.dispose();
  });

  const notify = (payload: string) => sql`select pg_notify(${CHANNEL}, ${payload})`.execute(test.database.kysely);

  it('delivers what another connection commits, and nothing of a rolled-back transaction', async () => {
    await test.database.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify(${CHANNEL}, 'rolled back')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify('committed');
    await waitFor(() => (received.includes('committed') ? true : undefined), 5_000, 'the committed notification');
    expect(received).toEqual(['committed']);
  });

  it('replaces a connection the server dropped, and tells the subscribers to look once', async () => {
    const dropped = await sql<{ dropped: boolean }>`
      select pg_terminate_backend(pid) as dropped from pg_stat_activity
      where application_name = 'atelier-listen' and datname = current_database()
    `.execute(test.database.kysely);
    expect(dropped.rows).toEqual([{ dropped: true }]);
    await waitFor(() => (connects === 2 && notifications.connected ? true : undefined), 10_000, 'the connection to be replaced');
    await notify('after the drop');
    await waitFor(() => (received.includes('after the drop') ? true : undefined), 5_000, 'a notification on the new connection');
  });
});
