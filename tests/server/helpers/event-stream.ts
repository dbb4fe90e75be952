/**
 * A reader of GET /api/generations/events as a client reads it (fetch, not EventSource): every
 * `generation` event parsed with the contract's schema, with the time it arrived, and the comment
 * lines (heartbeats).
 */
import * as v from 'valibot';
import { GENERATION_EVENTS } from '../../../src/contract/generations.ts';
import { GenerationSchema, type Generation } from '../../../src/contract/generations.schema.ts';

export interface EventReader {
  status: number;
  /** Every `generation` event so far. */
  jobs: Generation[];
  /** When each of `jobs` arrived (Date.now(), same index). */
  arrivedAt: number[];
  /** Comment lines so far (heartbeats). */
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  cancel(): Promise<void>;
}

/** Opens the stream and keeps reading it into `jobs` and `comments`. */
export async function openEvents(fetchResponse: Promise<Response>): Promise<EventReader> {
  const response = await fetchResponse;
  const reader: EventReader = { status: response.status, jobs: [], arrivedAt: [], comments: [], ended: Promise.resolve(), cancel: async () => undefined };
  if (!response.ok || !response.body) return reader;
  const body = response.body.getReader();
  const decoder = new TextDecoder();
  reader.cancel = () => body.cancel();
  reader.ended = (async () => {
    let text = '';
    for (;;) {
      const { done, value } = await body.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let boundary = text.indexOf('\n\n');
      while (boundary >= 0) {
        const block = text.slice(0, boundary);
        text = text.slice(boundary + 2);
        boundary = text.indexOf('\n\n');
        const lines = block.split('\n');
        for (const line of lines) if (line.startsWith(':')) reader.comments.push(line.slice(1).trim());
        const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
        const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length));
        if (event === GENERATION_EVENTS.event) {
          reader.jobs.push(v.parse(GenerationSchema, JSON.parse(data.join('\n'))));
          reader.arrivedAt.push(Date.now());
        }
      }
    }
  })();
  return reader;
}
