/**
 * Postgres notifications (LISTEN/NOTIFY) for this process: ONE dedicated connection that listens
 * on every channel a part of the server subscribes to, so a change committed by another process
 * reaches this one at once instead of at its next poll (docs/architecture.md#scale-out).
 *
 * A notification is only ever a hint to look now: whoever subscribes keeps polling as the source
 * of truth, and PGlite (one process, nobody else to hear from) has no notifications at all.
 * Notifications sent while the connection is down are lost, so each (re)connect calls every
 * subscriber's `onConnected` to look once. The connection is not pooled (a pooled one could be
 * handed to someone else between two notifications) and is watched: TCP keep-alive plus a query
 * every HEARTBEAT_MS; a lost or silent connection is replaced, after RECONNECT_MIN_MS doubling up
 * to RECONNECT_MAX_MS.
 */
import { Client } from 'pg';
import type { Logger } from '../logger.ts';

/** First wait before reconnecting, in ms; doubled per failed attempt. */
const RECONNECT_MIN_MS = 500;
/** Longest wait between two reconnect attempts, in ms. */
const RECONNECT_MAX_MS = 10_000;
/** A query on the connection this often proves it still listens, in ms. */
const HEARTBEAT_MS = 10_000;
/** A heartbeat query unanswered this long means the connection is gone, in ms. */
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** How long connecting may take, in ms. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Idle time before TCP keep-alive probes start, in ms. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/** Channel names are the server's own constants; anything else is refused (they are put into SQL). */
const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export interface NotificationHandlers {
  /** A notification's payload on the channel. */
  onMessage(payload: string): void;
  /** The connection is (again) listening: whatever was sent meanwhile is lost, look once. */
  onConnected?(): void;
}

export interface Notifications {
  /** Listens on `channel` for this process; returns the unsubscribe. */
  subscribe(channel: string, handlers: NotificationHandlers): () => void;
  /** Whether the connection listens now (tests, logs). */
  readonly connected: boolean;
  /** Ends the connection (shutdown); no reconnect follows. */
  close(): Promise<void>;
}

export interface StartNotificationsOptions {
  connectionString: string;
  logger: Logger;
}

/**
 * Opens the listening connection: resolves once the first attempt has connected or failed (a
 * failure is logged and retried in the background; subscribers then poll until it connects).
 */
export async function startNotifications({ connectionString, logger }: StartNotificationsOptions): Promise<Notifications> {
  const log = logger.child({ area: 'db-notifications' });
  const subscribers = new Map<string, Set<NotificationHandlers>>();
  let client: Client | null = null;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const each = (fn: (handlers: NotificationHandlers) => void) => {
    for (const set of subscribers.values()) {
      for (const handlers of set) {
        try {
          fn(handlers);
        } catch (error) {
          log.error({ err: error }, 'a notification subscriber failed');
        }
      }
    }
  };

  function drop(target: Client, error: unknown): void {
    if (client !== target) return;
    client = null;
    clearTimeout(heartbeatTimer);
    target.removeAllListeners();
    // An error emitted while it closes must not go unheard (it would crash the process).
    target.on('error', () => undefined);
    target.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error }, 'notification connection lost: reconnecting (polling meanwhile)');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, attempt }, 'could not reconnect the notification connection');
        scheduleReconnect();
      });
    }, wait);
    reconnectTimer.unref();
  }

  async function heartbeat(target: Client): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('notification heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([target.query('SELECT 1'), late]);
    } catch (error) {
      drop(target, error);
      return;
    } finally {
      clearTimeout(timeout);
    }
    if (client === target) scheduleHeartbeat(target);
  }

  function scheduleHeartbeat(target: Client): void {
    heartbeatTimer = setTimeout(() => void heartbeat(target), HEARTBEAT_MS);
    heartbeatTimer.unref();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new Client({
      connectionString,
      application_name: 'atelier-listen',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next, new Error('notification connection ended')));
    next.on('notification', (message) => {
      const handlers = subscribers.get(message.channel);
      for (const handler of handlers ?? []) {
        try {
          handler.onMessage(message.payload ?? '');
        } catch (error) {
          log.error({ err: error, channel: message.channel }, 'a notification subscriber failed');
        }
      }
    });
    try {
      await next.connect();
      for (const channel of subscribers.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    scheduleHeartbeat(next);
    log.info({ channels: [...subscribers.keys()] }, 'listening for notifications');
    each((handlers) => handlers.onConnected?.());
  }

  try {
    await connect();
  } catch (error) {
    log.warn({ err: error }, 'could not open the notification connection: polling until it connects');
    scheduleReconnect();
  }

  return {
    get connected() {
      return client !== null;
    },
    subscribe(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a notification channel name: ${channel}`);
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
        const current = client;
        // A failed LISTEN means the connection is failing: it is replaced, and the new one listens.
        current?.query(`LISTEN ${channel}`).then(
          () => handlers.onConnected?.(),
          (error: unknown) => drop(current, error),
        );
      } else if (client) {
        queueMicrotask(() => handlers.onConnected?.());
      }
      set.add(handlers);
      return () => {
        set.delete(handlers);
      };
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearTimeout(heartbeatTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
