/**
 * The contact area's HTTP routes (no sign-in; docs/product-rules.md#contact):
 * - `GET /api/contact/challenge`: a proof-of-work challenge, signed, fresh on every call;
 * - `POST /api/contact`: the form (multipart/form-data, streamed under CONTACT_BODY_MAX_BYTES:
 *   app.ts leaves this route's body limit to it), 201 with the message's reference.
 */
import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { CONTACT_BODY_MAX_BYTES } from '../../src/contract/contact.ts';
import type { ContactReceipt } from '../../src/contract/contact.schema.ts';
import { clientAddress } from '../http/client-address.ts';
import type { AppEnv } from '../http/types.ts';
import { contactError, requestTooLarge } from './errors.ts';
import type { ProofOfWork } from './pow.ts';
import { receiveContactForm } from './receive.ts';
import type { ContactService } from './service.ts';

export interface ContactRoutesDeps {
  service: ContactService;
  pow: ProofOfWork;
  /** Scratch space for files in flight. */
  tempDir: string;
  /** TRUST_PROXY: whose address the per-address limit counts under. */
  trustProxy: boolean;
  now: () => number;
}

export function contactRoutes(deps: ContactRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/challenge', (c) => {
    // Each challenge works once: a cached one would be a used one.
    c.header('Cache-Control', 'no-store');
    return c.json(deps.pow.issue(deps.now()));
  });

  app.post('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(contentType)) throw contactError(400, 'notMultipart');
    // An honest Content-Length over the limit is refused before a byte of the body is read.
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > CONTACT_BODY_MAX_BYTES) throw requestTooLarge();
    const raw = c.req.raw.body;
    if (!raw) throw contactError(400, 'notMultipart');
    await mkdir(deps.tempDir, { recursive: true });
    const form = await receiveContactForm({
      // Behind the Node server the web stream reads the socket on demand, so memory stays bounded.
      body: Readable.fromWeb(raw as NodeReadableStream<Uint8Array>),
      contentType,
      tempDir: deps.tempDir,
      maxBodyBytes: CONTACT_BODY_MAX_BYTES,
    });
    try {
      const receipt: ContactReceipt = await deps.service.submit({ fields: form.fields, files: form.files, address: clientAddress(c, deps.trustProxy) });
      return c.json(receipt, 201);
    } finally {
      // Stored files were moved away; whatever is left (a refusal, the honeypot) goes.
      await Promise.all(form.files.map((file) => rm(file.tempPath, { force: true })));
    }
  });

  return app;
}
