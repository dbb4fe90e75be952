/**
 * A small S3-compatible server on loopback for the media storage tests: path-style addressing,
 * objects in memory, and only what the storage uses — PutObject, GetObject (with Range),
 * HeadObject, DeleteObject, and the multipart upload lib-storage switches to above one part
 * (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload).
 *
 * Requests must carry a SigV4 Authorization header for the expected access key (the signature
 * itself is not recomputed). Every request is recorded for assertions.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface FakeS3Request {
  method: string;
  key: string;
  /** PutObject, GetObject, HeadObject, DeleteObject, CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload. */
  operation: string;
  range: string | null;
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/xml', ...extra });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against `size`: the inclusive range, 'invalid' (416), or null (whole). */
function resolveRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : 'invalid';
  }
  const start = Number(first);
  if (start >= size) return 'invalid';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'atelier-media';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const objects = new Map<string, FakeS3Object>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: FakeS3Request[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    const method = req.method ?? 'GET';
    const query = url.searchParams;
    const operation =
      method === 'POST' && query.has('uploads')
        ? 'CreateMultipartUpload'
        : method === 'PUT' && query.has('uploadId')
          ? 'UploadPart'
          : method === 'POST' && query.has('uploadId')
            ? 'CompleteMultipartUpload'
            : method === 'DELETE' && query.has('uploadId')
              ? 'AbortMultipartUpload'
              : (({ PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' } as Record<string, string>)[method] ?? 'Unknown');
    requests.push({ method, key, operation, range: req.headers.range ?? null });

    if (!(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return xmlError(res, 403, 'AccessDenied');
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket');
    if (!key) return xmlError(res, 400, 'InvalidRequest');
    // The storage turns the SDK's streaming checksums off; aws-chunked bodies are not understood here.
    if (req.headers['content-encoding']?.includes('aws-chunked')) return xmlError(res, 400, 'NotImplemented');

    switch (operation) {
      case 'PutObject': {
        const body = await readBody(req);
        const etag = etagOf(body);
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream', etag });
        res.writeHead(200, { ETag: etag });
        return void res.end();
      }
      case 'CreateMultipartUpload': {
        const uploadId = randomUUID();
        uploads.set(uploadId, { key, contentType: req.headers['content-type'] ?? 'application/octet-stream', parts: new Map() });
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return void res.end(
          `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'UploadPart': {
        const upload = uploads.get(query.get('uploadId') ?? '');
        if (!upload) return xmlError(res, 404, 'NoSuchUpload');
        const body = await readBody(req);
        upload.parts.set(Number(query.get('partNumber')), body);
        res.writeHead(200, { ETag: etagOf(body) });
        return void res.end();
      }
      case 'CompleteMultipartUpload': {
        const uploadId = query.get('uploadId') ?? '';
        const upload = uploads.get(uploadId);
        if (!upload) return xmlError(res, 404, 'NoSuchUpload');
        const listed = [...(await readBody(req)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
        const parts = listed.map((number) => upload.parts.get(number));
        if (listed.length === 0 || parts.some((part) => !part)) return xmlError(res, 400, 'InvalidPart');
        const body = Buffer.concat(parts as Buffer[]);
        const etag = `"${createHash('md5').update(body).digest('hex')}-${parts.length}"`;
        objects.set(upload.key, { body, contentType: upload.contentType, etag });
        uploads.delete(uploadId);
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return void res.end(
          `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${upload.key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'AbortMultipartUpload': {
        uploads.delete(query.get('uploadId') ?? '');
        res.writeHead(204);
        return void res.end();
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = objects.get(key);
        if (!object) return operation === 'HeadObject' ? void res.writeHead(404).end() : xmlError(res, 404, 'NoSuchKey');
        const range = resolveRange(req.headers.range, object.body.length);
        if (range === 'invalid') return xmlError(res, 416, 'InvalidRange', { 'Content-Range': `bytes */${object.body.length}` });
        const headers: Record<string, string> = { 'Content-Type': object.contentType, ETag: object.etag, 'Accept-Ranges': 'bytes' };
        const bytes = range ? object.body.subarray(range.start, range.end + 1) : object.body;
        headers['Content-Length'] = String(bytes.length);
        if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.body.length}`;
        res.writeHead(range ? 206 : 200, headers);
        return void res.end(operation === 'HeadObject' ? undefined : bytes);
      }
      case 'DeleteObject': {
        objects.delete(key);
        res.writeHead(204);
        return void res.end();
      }
      default:
        return xmlError(res, 501, 'NotImplemented');
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) xmlError(res, 500, 'InternalError');
      else res.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: options.secretAccessKey ?? 'fake-secret-access-key',
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
