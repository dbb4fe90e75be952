/**
 * An HTTP answer's body from its text: the JSON value, the text itself when it is not JSON, or
 * `undefined` when it is empty. The API client, the upload transport and the outbox sender (in the
 * page and in the worker) read every answer so.
 */
export function parseResponseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
