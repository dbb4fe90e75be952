import { Fragment } from 'react';
import * as s from './api-docs.css.ts';

/**
 * A description from the OpenAPI document: plain text in which `backticks` mark code (names,
 * codes, headers), shown as code rather than as literal backticks. Nothing else is interpreted:
 * the document is ours, but text is never turned into markup.
 */
export function DocText({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd number of backticks leaves the last one literal.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className={s.code}>
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
