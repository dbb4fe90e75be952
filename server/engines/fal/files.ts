/**
 * Files in and out of fal: inputs are uploaded to fal's storage (fal must be able to fetch them,
 * and PUBLIC_URL is often a localhost address it cannot reach); results are downloaded from the
 * URLs in the result payload into the run's work directory, streamed and size-capped.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FalClient, StorageSettings } from '@fal-ai/client';
import type { MediaType } from '../../../src/contract/media.ts';
import { EngineError } from '../types.ts';
import { fetchResultFile, type ResultFetchPolicy } from './result-fetch.ts';

/** Largest result file accepted, in bytes (a 4× Topaz video of a 100 MB input stays below). */
export const MAX_RESULT_BYTES = 4 * 1024 ** 3;

/**
 * How long fal keeps what we put there (the people's photos, and the results until we copied
 * them): a day, far beyond a run's 600 s limit and its retries, and no longer than that.
 */
export const FAL_STORAGE_SETTINGS: StorageSettings = { expiresIn: '1d' };

/** Uploads a local file to fal's storage and answers the URL fal reads it from. */
export async function uploadFile(fal: FalClient, path: string, mime: string, name = basename(path)): Promise<string> {
  // openAsBlob reads the file lazily as the upload streams it: never whole in memory.
  const blob = await openAsBlob(path, { type: mime });
  return fal.storage.upload(new File([blob], name, { type: mime }), { lifecycle: FAL_STORAGE_SETTINGS });
}

/** What a downloaded file is, by its first bytes (never by the provider's word alone). */
export interface Sniffed {
  mediaType: MediaType;
  mime: string;
  extension: string;
}

export async function sniffFile(path: string): Promise<Sniffed | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniff(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function sniff(head: Buffer): Sniffed | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mediaType: 'image', mime: 'image/png', extension: 'png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mediaType: 'image', mime: 'image/jpeg', extension: 'jpg' };
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return { mediaType: 'image', mime: 'image/webp', extension: 'webp' };
  }
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 12) === 'qt  '
      ? { mediaType: 'video', mime: 'video/quicktime', extension: 'mov' }
      : { mediaType: 'video', mime: 'video/mp4', extension: 'mp4' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mediaType: 'video', mime: 'video/webm', extension: 'webm' };
  return null;
}

/**
 * Downloads `url` to `workDir/name.<ext>` and answers the path and what it is. The URL is fal's
 * word: it is fetched only from a public address (or FAL_QUEUE_URL's origin), redirects checked
 * hop by hop, and no more than MAX_RESULT_BYTES (see result-fetch.ts). A provider that is down or
 * slow is a transient failure; a file that is gone, refused or of an unknown type is not.
 */
export async function downloadResult(
  policy: ResultFetchPolicy,
  url: string,
  workDir: string,
  name: string,
  signal: AbortSignal,
): Promise<{ path: string; sniffed: Sniffed; bytes: number }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new EngineError('missingResult', { cause: error });
  }
  let response: IncomingMessage;
  try {
    response = await fetchResultFile(parsed, policy, signal);
  } catch (error) {
    if (signal.aborted || error instanceof EngineError) throw error;
    throw new EngineError('serverTimeout', { transient: true, cause: error });
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.resume();
    if (status === 429 || status >= 500) {
      throw new EngineError('serverTimeout', { transient: true, cause: new Error(`result download answered ${status}`) });
    }
    throw new EngineError('missingResult', { cause: new Error(`result download answered ${status}`) });
  }
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > MAX_RESULT_BYTES) {
    response.destroy();
    throw new EngineError('failedToProcess', { cause: new Error(`result declares ${declared} bytes, over ${MAX_RESULT_BYTES}`) });
  }
  const partial = join(workDir, `${name}.download`);
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > MAX_RESULT_BYTES) callback(new EngineError('failedToProcess', { cause: new Error(`result larger than ${MAX_RESULT_BYTES} bytes`) }));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(response, cap, createWriteStream(partial), { signal });
  } catch (error) {
    if (signal.aborted || error instanceof EngineError) throw error;
    throw new EngineError('serverTimeout', { transient: true, cause: error });
  }
  const sniffed = await sniffFile(partial);
  if (!sniffed) throw new EngineError('failedToProcess', { cause: new Error(`result ${url} is neither an image nor a video we store`) });
  const path = join(workDir, `${name}.${sniffed.extension}`);
  await rename(partial, path);
  return { path, sniffed, bytes };
}
