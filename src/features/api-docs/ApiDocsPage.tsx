import { useSyncExternalStore } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { V1_PREFIX } from '../../contract/public-api.ts';
import { button } from '../../ui/button.ts';
import { AppLink } from '../../ui/link.tsx';
import { ErrorsTable } from './ErrorsTable.tsx';
import { Intro } from './Intro.tsx';
import { Reference } from './Reference.tsx';
import { Rules } from './Rules.tsx';
import { LLMS_PATH, OPENAPI_PATH, TOKENS_PAGE } from './links.ts';
import * as s from './api-docs.css.ts';

/** The table of contents: each entry is a section's anchor on this page. */
const TOC: ReadonlyArray<{ id: string; label: MessageDescriptor }> = [
  { id: 'introduction', label: msg`Giới thiệu` },
  { id: 'authentication', label: msg`Xác thực` },
  { id: 'quick-start', label: msg`Bắt đầu nhanh` },
  { id: 'rate-limits', label: msg`Giới hạn tần suất` },
  { id: 'idempotency', label: msg`Idempotency` },
  { id: 'credit-cap', label: msg`Hạn mức tín dụng` },
  { id: 'webhooks', label: msg`Webhook` },
  { id: 'errors', label: msg`Lỗi` },
  { id: 'reference', label: msg`Tham chiếu API` },
];

/**
 * The page's own origin, once it runs in a browser: the pre-rendered HTML cannot know the host
 * it will be served from, so it shows the bare path until hydration.
 */
function useOrigin(): string {
  return useSyncExternalStore(noChange, browserOrigin, noOrigin);
}
/** The origin never changes while the page is open: nothing to subscribe to. */
const noChange = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => '';

/** The public /api-docs page (docs/product-rules.md#api-docs): the rules in words, then the reference from the OpenAPI document. */
export default function ApiDocsPage() {
  const { i18n } = useLingui();
  const origin = useOrigin();
  return (
    <>
      <section className={s.hero} aria-labelledby="api-docs-title">
        <div className={s.container}>
          <p className={s.eyebrow}>
            <Trans>Dành cho nhà phát triển</Trans>
          </p>
          <h1 id="api-docs-title" className={s.heroTitle}>
            <Trans>Tài liệu API</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Gọi các công cụ AI của Atelier từ hệ thống của bạn: tải ảnh lên, tạo ảnh và video, theo dõi kết quả và nhận webhook khi xong.</Trans>
          </p>
          <div className={s.links}>
            <a href={OPENAPI_PATH} download="atelier-openapi.json" className={button({ variant: 'primary' })} data-testid="openapi-download">
              <Trans>Tải OpenAPI (JSON)</Trans>
            </a>
            <a href={LLMS_PATH} className={button({ variant: 'secondary' })} data-testid="llms-link">
              llms.txt
            </a>
            <AppLink to={TOKENS_PAGE} className={button({ variant: 'secondary' })}>
              <Trans>Quản lý token</Trans>
            </AppLink>
          </div>
        </div>
      </section>
      <div className={`${s.container} ${s.layout}`}>
        <nav className={s.toc} aria-labelledby="api-docs-toc">
          <h2 id="api-docs-toc" className={s.tocTitle}>
            <Trans>Mục lục</Trans>
          </h2>
          <ul className={s.tocList}>
            {TOC.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className={s.tocLink}>
                  {i18n._(entry.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={s.content}>
          <Intro base={`${origin}${V1_PREFIX}`} />
          <Rules />
          <ErrorsTable />
          <section id="reference" className={s.section} aria-labelledby="reference-title">
            <h2 id="reference-title" className={s.h2}>
              <Trans>Tham chiếu API</Trans>
            </h2>
            <Reference origin={origin} />
          </section>
        </div>
      </div>
    </>
  );
}
