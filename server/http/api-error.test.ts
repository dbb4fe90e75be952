import { describe, expect, it } from 'vitest';
import { CodedError, codedErrors, retryAfter } from './api-error.ts';

const MESSAGES = { busy: 'Please wait {n} minutes.', gone: 'It is gone.', named: '{name} is not a photo.' } as const;
const exampleError = codedErrors(MESSAGES);

describe('codedErrors', () => {
  it('answers the catalogue text of the code, with its status and code', () => {
    const error = exampleError(410, 'gone');
    expect(error).toBeInstanceOf(CodedError);
    expect([error.status, error.code, error.message]).toEqual([410, 'gone', 'It is gone.']);
  });

  it('fills the placeholders and keeps the options', () => {
    const error = exampleError(422, 'named', { values: { name: 'a.txt' }, fields: { field: 'files' } });
    expect(error.message).toBe('a.txt is not a photo.');
    expect(error.fields).toEqual({ field: 'files' });
  });

  it('takes a text the contract computed instead of the catalogue one', () => {
    expect(exampleError(413, 'gone', { text: 'Over 5 MiB.' }).message).toBe('Over 5 MiB.');
  });
});

describe('retryAfter', () => {
  it('rounds the wait up to whole seconds and whole minutes, at least 1 of each', () => {
    expect(retryAfter(0.2)).toEqual({ retryAfterSeconds: 1, values: { n: 1 } });
    expect(retryAfter(61)).toEqual({ retryAfterSeconds: 61, values: { n: 2 } });
    const error = exampleError(429, 'busy', retryAfter(119.5));
    expect([error.message, error.retryAfterSeconds]).toEqual(['Please wait 2 minutes.', 120]);
  });
});
