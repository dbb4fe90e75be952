/** The accounts harness plus the media calls the PWA makes: uploads, the library, media URLs. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { AssetSchema, type Asset } from '../../../src/contract/media.schema.ts';
import { createAccountsHarness, type AccountsHarness, type CallResult } from './accounts.ts';
import { multipartStream, type MultipartBody } from './media-fixtures.ts';

export interface UploadInput {
  bytes: Buffer;
  filename: string;
  /** What the client claims (never trusted by the server). */
  contentType?: string;
  purpose?: string;
  role?: string;
}

export interface MediaHarness extends AccountsHarness {
  /** A FormData upload, fields before the file (as the PWA sends it). */
  upload(token: string, input: UploadInput): Promise<CallResult>;
  /** Uploads and expects 201: the parsed Asset. */
  uploaded(token: string, input: UploadInput): Promise<Asset>;
  /** A hand-built multipart body, streamed. */
  uploadRaw(token: string | null, body: MultipartBody, headers?: Record<string, string>): Promise<CallResult>;
  /** GETs a media URL without a bearer header: status, headers and the raw bytes. */
  fetchMedia(url: string, headers?: Record<string, string>, method?: string): Promise<{ status: number; headers: Headers; bytes: Buffer }>;
  /** Files left in $DATA_DIR/tmp (should be none once a request is answered). */
  tempFiles(): Promise<string[]>;
  /** Files under $DATA_DIR/media (relative paths). */
  storedFiles(): Promise<string[]>;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function asResult(response: Response): Promise<CallResult> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export async function createMediaHarness(options: { env?: Record<string, string> } = {}): Promise<MediaHarness> {
  const h = await createAccountsHarness(options);
  const upload: MediaHarness['upload'] = async (token, input) => {
    const form = new FormData();
    if (input.purpose !== undefined) form.append('purpose', input.purpose);
    if (input.role !== undefined) form.append('role', input.role);
    form.append('file', new File([new Uint8Array(input.bytes)], input.filename, { type: input.contentType ?? 'application/octet-stream' }));
    return asResult(await h.app.request('/api/media', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } }));
  };
  return Object.assign(h, {
    upload,
    async uploaded(token: string, input: UploadInput) {
      const result = await upload(token, input);
      if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${JSON.stringify(result.body)}`);
      return v.parse(AssetSchema, result.body);
    },
    async uploadRaw(token: string | null, body: MultipartBody, headers: Record<string, string> = {}) {
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        body: multipartStream(body),
        duplex: 'half',
        headers: { 'Content-Type': body.contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      };
      return asResult(await h.app.request('/api/media', init));
    },
    async fetchMedia(url: string, headers: Record<string, string> = {}, method = 'GET') {
      const response = await h.app.request(url, { method, headers });
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    },
    tempFiles: () => listFiles(path.join(h.dataDir, 'tmp')),
    storedFiles: () => listFiles(path.join(h.dataDir, 'media')),
  });
}
