import { useCallback, useEffect, useRef, useState } from 'react';
import { DocText } from './DocText.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { CodeTabs } from './CodeBlock.tsx';
import { SchemaView, typeLabel } from './SchemaView.tsx';
import {
  deref,
  listOperations,
  parseOpenApi,
  type HeaderObject,
  type OpenApiDocument,
  type Operation,
  type ResponseObject,
  type SchemaObject,
} from './openapi.ts';
import { apiBase, codeSamples, type SampleLanguage } from './samples.ts';
import { OPENAPI_PATH } from './links.ts';
import * as s from './api-docs.css.ts';

type LoadState = { kind: 'loading' } | { kind: 'offline' } | { kind: 'error' } | { kind: 'ready'; doc: OpenApiDocument };

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseOpenApi(await response.json());
}

/** Fetches the OpenAPI document; offline, it waits for the network and tries again by itself. */
export function useOpenApiDocument(): { state: LoadState; retry: () => void } {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const mounted = useRef(false);
  const load = useCallback(() => {
    fetchDocument().then(
      (doc) => mounted.current && setState({ kind: 'ready', doc }),
      // A fetch fails at once without a network: that is "offline", not the server's fault.
      () => mounted.current && setState({ kind: isOffline() ? 'offline' : 'error' }),
    );
  }, []);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    load();
  }, [load]);
  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
    };
  }, [load]);
  const offline = state.kind === 'offline';
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, retry]);
  return { state, retry };
}

/** The API reference, rendered from `GET /v1/openapi.json` (docs/product-rules.md#api-docs). */
export function Reference({ origin }: { origin: string }) {
  const { state, retry } = useOpenApiDocument();
  if (state.kind === 'loading') {
    return (
      <p role="status" className={s.schemaNote} data-testid="reference-loading">
        <Trans>Đang tải tài liệu tham chiếu…</Trans>
      </p>
    );
  }
  if (state.kind === 'offline') {
    return (
      <div className={s.state} role="status" data-testid="reference-offline">
        <p className={s.stateTitle}>
          <Trans>Bạn đang ngoại tuyến</Trans>
        </p>
        <p>
          <Trans>Phần tham chiếu cần mạng để tải. Khi có mạng trở lại, nó sẽ tự tải.</Trans>
        </p>
      </div>
    );
  }
  if (state.kind === 'error') {
    // Not src/ui/States.tsx, for the reason CodeBlock.tsx gives; the same look and roles.
    return (
      <div className={s.stateError} role="alert" data-testid="reference-error">
        <p className={s.stateTitle}>
          <Trans>Không tải được tài liệu tham chiếu</Trans>
        </p>
        <p>
          <Trans>Máy chủ chưa trả lời. Hãy thử lại sau giây lát.</Trans>
        </p>
        <button type="button" className={button({ variant: 'secondary' })} onClick={retry} data-testid="reference-retry">
          <Trans>Thử lại</Trans>
        </button>
      </div>
    );
  }
  return <Operations doc={state.doc} origin={origin} />;
}

const SAMPLE_NAMES: Record<SampleLanguage, string> = { curl: 'curl', javascript: 'JavaScript', python: 'Python' };

function Operations({ doc, origin }: { doc: OpenApiDocument; origin: string }) {
  const operations = listOperations(doc);
  const webhooks = listOperations(doc, 'webhooks');
  const base = apiBase(doc, origin);
  const schemes = Object.values(doc.components?.securitySchemes ?? {});
  return (
    <div className={s.content} data-testid="reference">
      <nav aria-labelledby="reference-index">
        <h3 id="reference-index" className={s.h3}>
          <Trans>Các endpoint</Trans>
        </h3>
        <ul className={s.indexList}>
          {[...operations, ...webhooks].map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className={s.tocLink}>
                <span className={s.method}>{op.method}</span>&nbsp;<code className={s.opPath}>{op.path}</code>
              </a>
            </li>
          ))}
        </ul>
        {schemes.map((scheme, index) => (
          <p key={index} className={s.schemaNote}>
            <Trans>Xác thực:</Trans>{' '}
            <code
              className={s.code}
            >{`${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ''}${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`}</code>
          </p>
        ))}
      </nav>
      {operations.map((op) => (
        <OperationView key={op.id} doc={doc} op={op} base={base} />
      ))}
      {webhooks.length > 0 ? (
        <h3 className={s.h3}>
          <Trans>Webhook</Trans>
        </h3>
      ) : null}
      {webhooks.map((op) => (
        <OperationView key={op.id} doc={doc} op={op} base={base} webhook />
      ))}
    </div>
  );
}

function OperationView({ doc, op, base, webhook = false }: { doc: OpenApiDocument; op: Operation; base: string; webhook?: boolean }) {
  const { t } = useLingui();
  const body = op.requestBody;
  const responses = Object.entries(op.operation.responses ?? {});
  return (
    <article id={op.id} className={s.operation} aria-labelledby={`${op.id}-title`} data-testid="operation" data-operation={op.id}>
      <h4 id={`${op.id}-title`} className={s.opHead}>
        <span className={s.method}>{op.method}</span>
        <code className={s.opPath}>{op.path}</code>
      </h4>
      {op.operation.summary ? (
        <p className={s.opSummary}>
          <DocText text={op.operation.summary} />
        </p>
      ) : null}
      {op.operation.description ? (
        <p className={s.fieldDescription}>
          <DocText text={op.operation.description} />
        </p>
      ) : null}
      {!webhook && !op.secured ? (
        <p className={s.schemaNote}>
          <Trans>Không cần token.</Trans>
        </p>
      ) : null}
      {op.parameters.length > 0 ? (
        <section aria-label={webhook ? t`Header` : t`Tham số`}>
          <h5 className={s.h4}>{webhook ? <Trans>Header</Trans> : <Trans>Tham số</Trans>}</h5>
          <div className={s.tableWrap} data-scroll-x>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.headCell}>
                    <Trans>Tên</Trans>
                  </th>
                  <th className={s.headCell}>
                    <Trans>Vị trí</Trans>
                  </th>
                  <th className={s.headCell}>
                    <Trans>Kiểu</Trans>
                  </th>
                  <th className={s.headCell}>
                    <Trans>Mô tả</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((param) => (
                  <tr key={`${param.in}-${param.name}`} data-testid="parameter">
                    <td className={s.cell}>
                      <code className={s.fieldName}>{param.name}</code>
                      {param.required ? (
                        <span className={s.required}>
                          <Trans>bắt buộc</Trans>
                        </span>
                      ) : null}
                    </td>
                    <td className={s.cell}>{param.in}</td>
                    <td className={s.cell}>
                      <code className={s.fieldType}>{typeLabel(param.schema)}</code>
                      {deref<SchemaObject>(doc, param.schema)?.enum ? <SchemaView doc={doc} schema={param.schema} /> : null}
                    </td>
                    <td className={s.cell}>
                      <DocText text={param.description ?? deref<SchemaObject>(doc, param.schema)?.description ?? ''} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {body?.content ? (
        <section aria-label={webhook ? t`Nội dung gửi đến bạn` : t`Nội dung yêu cầu`}>
          <h5 className={s.h4}>{webhook ? <Trans>Nội dung gửi đến bạn</Trans> : <Trans>Nội dung yêu cầu</Trans>}</h5>
          {Object.entries(body.content).map(([type, media]) => (
            <div key={type} className={s.samples}>
              <code className={s.fieldType}>{type}</code>
              <SchemaView doc={doc} schema={media.schema} />
            </div>
          ))}
        </section>
      ) : null}
      {responses.length > 0 ? (
        <section aria-label={t`Phản hồi`}>
          <h5 className={s.h4}>
            <Trans>Phản hồi</Trans>
          </h5>
          {responses.map(([status, value]) => (
            <ResponseView key={status} doc={doc} status={status} response={deref<ResponseObject>(doc, value)} />
          ))}
        </section>
      ) : null}
      {webhook ? null : <CodeTabs samples={codeSamples(doc, op, base)} idPrefix={`${op.id}-sample`} names={SAMPLE_NAMES} />}
    </article>
  );
}

/** One status of an operation: its description, its headers and its body, folded. */
function ResponseView({ doc, status, response }: { doc: OpenApiDocument; status: string; response: ResponseObject | undefined }) {
  const headers = Object.entries(response?.headers ?? {})
    .map(([name, value]) => [name, deref<HeaderObject>(doc, value)] as const)
    .filter((entry): entry is readonly [string, HeaderObject] => entry[1] !== undefined);
  const content = Object.entries(response?.content ?? {});
  return (
    <details className={s.fold} data-testid="response" data-status={status}>
      <summary className={s.foldSummary}>
        <code className={s.fieldName}>{status}</code>{' '}
        <span>
          <DocText text={response?.description ?? ''} />
        </span>
      </summary>
      {headers.length > 0 ? (
        <ul className={s.schema}>
          {headers.map(([name, header]) => {
            const example = header.schema?.example;
            return (
              <li key={name} className={s.field}>
                <code className={s.fieldName}>{name}</code>{' '}
                {header.description ? (
                  <span className={s.fieldDescription}>
                    <DocText text={header.description} />
                  </span>
                ) : null}
                {example !== undefined ? (
                  <>
                    {' '}
                    <code className={s.code}>{`${name}: ${String(example)}`}</code>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {content.map(([type, media]) => (
        <div key={type} className={s.samples}>
          <code className={s.fieldType}>
            {type} · {typeLabel(media.schema)}
          </code>
          <SchemaView doc={doc} schema={media.schema} />
        </div>
      ))}
    </details>
  );
}
