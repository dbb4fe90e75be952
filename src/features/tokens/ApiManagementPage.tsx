import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedToken } from '../../contract/tokens.schema.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { button } from '../../ui/button.ts';
import { AppLink } from '../../ui/link.tsx';
import { EmptyState } from '../../ui/States.tsx';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { tokensQueryOptions } from './queries.ts';
import { SecretDialog } from './SecretReveal.tsx';
import { TokenDetailDrawer } from './TokenDetail.tsx';
import { TokenList, TokenStats } from './TokenList.tsx';
import * as s from './tokens.css.ts';

/** The public API's documentation page (another screen). */
export const API_DOCS_PATH = '/api-docs';

export interface ApiManagementPageProps {
  /** The token whose detail is open (`?token=`), so the detail has a link of its own. */
  tokenId: string | undefined;
  onTokenChange: (id: string | undefined) => void;
}

/**
 * /api-management (docs/product-rules.md#api-tokens): the four stats, the tokens, the create
 * dialog (the secret then shown once) and a token's detail in a drawer. Without API access in the
 * plan, creating is off and the page says which plans have it; offline, the list shows what this
 * visit already loaded and every change waits for the network.
 *
 * Test ids: `api-management`, `token-create`, `api-docs-link`, `api-plan-required`,
 * `api-offline`, `tokens-offline`, `tokens-empty`, `tokens-empty-create`.
 */
export function ApiManagementPage({ tokenId, onTokenChange }: ApiManagementPageProps) {
  const { t } = useLingui();
  const list = useQuery(tokensQueryOptions());
  const online = useOnline();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<CreatedToken | null>(null);
  const allowed = list.data?.api_allowed ?? false;
  const canCreate = online && allowed;

  const openCreate = () => setCreating(true);
  const onCreated = (created: CreatedToken) => {
    setCreating(false);
    setRevealed(created);
  };

  const createButton = (testId: string) => (
    <button type="button" className={button({ variant: 'primary' })} disabled={!canCreate} onClick={openCreate} data-testid={testId}>
      <Trans>Tạo token</Trans>
    </button>
  );
  const docsLink = (
    <AppLink to={API_DOCS_PATH} className={button({ variant: 'secondary' })} data-testid="api-docs-link">
      <Trans>Tài liệu API</Trans>
    </AppLink>
  );

  let body;
  if (!list.data && list.fetchStatus === 'paused') {
    body = (
      <p className={s.notice} role="status" data-testid="tokens-offline">
        <Trans>Bạn đang ngoại tuyến. Danh sách token sẽ tự tải khi có mạng trở lại.</Trans>
      </p>
    );
  } else if (list.data && list.data.tokens.length === 0) {
    body = (
      <EmptyState
        title={<Trans>Bạn chưa có token API nào</Trans>}
        testId="tokens-empty"
        actions={
          <>
            {createButton('tokens-empty-create')}
            {docsLink}
          </>
        }
      >
        <p className={s.muted}>
          <Trans>Tạo token đầu tiên để gọi các công cụ của Atelier từ hệ thống của bạn, rồi xem tài liệu API để bắt đầu.</Trans>
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <TokenList
        tokens={list.data?.tokens}
        status={list.data ? 'ready' : list.isError ? 'error' : 'loading'}
        onRetry={() => void list.refetch()}
        onOpen={(id) => onTokenChange(id)}
      />
    );
  }

  return (
    <div className={s.page} data-testid="api-management">
      <header className={s.head}>
        <div className={s.headText}>
          <h1 className={s.title}>
            <Trans>Quản lý API</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Tạo token để gọi các công cụ của Atelier từ hệ thống của bạn, đặt quyền và giới hạn cho từng token, và theo dõi cách chúng được dùng.</Trans>
          </p>
        </div>
        <div className={s.actions}>
          {docsLink}
          {createButton('token-create')}
        </div>
      </header>
      {list.data && !list.data.api_allowed ? (
        <div className={s.notice} role="note" data-testid="api-plan-required">
          <strong>
            <Trans>Gói của bạn chưa có quyền truy cập API</Trans>
          </strong>
          <span>
            <Trans>API dành cho gói Pro trở lên. Token bạn đã có vẫn được liệt kê ở đây nhưng không gọi được API cho đến khi bạn nâng cấp.</Trans>
          </span>
          <Link to="/studio-pricing" className={button({ variant: 'accent', size: 'sm' })} data-testid="api-upgrade">
            <Trans>Xem các gói</Trans>
          </Link>
        </div>
      ) : null}
      {!online ? (
        <p className={s.notice} role="status" data-testid="api-offline">
          <Trans>Bạn đang ngoại tuyến. Bạn vẫn xem được dữ liệu đã tải; tạo, sửa, tạo lại hay xóa token cần có mạng.</Trans>
        </p>
      ) : null}
      {list.data ? <TokenStats stats={list.data.stats} /> : null}
      <section className={s.section} aria-labelledby="tokens-title">
        <h2 id="tokens-title" className={s.sectionTitle}>
          <Trans>Token của bạn</Trans>
        </h2>
        {body}
      </section>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} onCreated={onCreated} /> : null}
      {revealed ? <SecretDialog secret={revealed.secret} title={t`Token “${revealed.token.name}” đã được tạo`} onDone={() => setRevealed(null)} /> : null}
      {tokenId ? <TokenDetailDrawer id={tokenId} onClose={() => onTokenChange(undefined)} /> : null}
    </div>
  );
}
