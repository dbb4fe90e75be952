/**
 * The errors every area can answer (docs/product-rules.md#api-errors): a body that cannot be read,
 * input that fails its schema, a paging cursor or a header the server did not give or cannot take,
 * a path nothing answers, a value the database cannot store, a failure on the server's side.
 * The key is the answer's `code`; the text is the English sentence the body carries, its `{name}`
 * placeholders filled by the server.
 */
export const HTTP_MESSAGES = {
  /** 422: `{issues}` lists the first problems found, e.g. `title: Invalid length; tags.0: Invalid type`. */
  invalidInput: 'Invalid input: {issues}',
  /** 400 */
  invalidJson: 'The request body must be valid JSON.',
  /** 400: reading the body failed (the client went away, a broken stream). */
  unreadableBody: 'The request body could not be read.',
  /** 400 */
  invalidContentLength: 'The Content-Length header must be a number of bytes.',
  /** 413: `{maxSize}`: the route's limit, e.g. `64 KiB`. */
  bodyTooLarge: 'The request body is too large: this endpoint accepts at most {maxSize}.',
  /** 422: a paging cursor that is not one this server gave out. */
  invalidCursor: 'Invalid input: cursor: not a cursor this server gave out',
  /** 400: `{maxLength}`: the longest key the route takes. */
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to {maxLength} visible characters.',
  /** 403: the mail outbox and the dev tools, asked from another machine. */
  localOnly:
    'The mail outbox and the dev tools answer only requests made on the server’s own machine (http://localhost), not through a proxy or from another device.',
  /** 404: no route answers this method and path (not a missing record: each area has its own code for that). */
  unknownPath: 'Not found',
  /**
   * 400: the database refused a value of the request (a NUL character, broken Unicode, a number
   * out of range, a value too big), which the contract's schemas should have refused first.
   */
  unstorableValue:
    'The request contains a value that cannot be stored, such as a NUL character, broken Unicode or a number out of range. Please check your input.',
  /** 4xx: the HTTP framework refused the request before any route read it (e.g. a malformed path). */
  requestRefused: 'The request could not be processed.',
  /** 500: an unexpected failure; its cause goes to the log only. */
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
export type HttpMessageKey = keyof typeof HTTP_MESSAGES;
