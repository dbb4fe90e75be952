/** The baseline of the latency benchmark: a bare Hono handler on @hono/node-server. */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const app = new Hono().get('/', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
