import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_TOKEN_SERVICES, RATE_LIMIT_DEFAULT, TOKEN_EXPIRY_PRESETS, TOKEN_PREFIX, type ApiTokenService } from '../../contract/token-terms.ts';
import { AppLink } from '../../ui/link.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { TOKENS_PAGE } from './links.ts';
import * as s from './api-docs.css.ts';

/** The services a token can be allowed, as the token form names them. */
const SERVICE_NAMES: Record<ApiTokenService, MessageDescriptor> = {
  'virtual-tryon': msg`Thử đồ ảo`,
  'hairstyle-changer': msg`Đổi kiểu tóc`,
  'body-generator': msg`Tạo người mẫu`,
  'image-to-video': msg`Ảnh thành video`,
  'image-editing': msg`Chỉnh sửa ảnh`,
  upscaler: msg`Làm nét ảnh và video`,
};

/** The expiry presets in days, without `never`. */
const EXPIRY_DAYS = TOKEN_EXPIRY_PRESETS.filter((preset) => preset !== 'never').join(', ');

/** Introduction: the base URL, how to authenticate, and a first call from upload to result. */
export function Intro({ base }: { base: string }) {
  const { t, i18n } = useLingui();
  const header = `Authorization: Bearer ${TOKEN_PREFIX}…`;
  const rate = RATE_LIMIT_DEFAULT;
  const days = EXPIRY_DAYS;
  const poll = 'GET /v1/generations/{id}';
  const quickStart = [
    `# 1. ${t`Tải ảnh lên`}`,
    `curl -X POST ${base}/media -H "Authorization: Bearer $ATELIER_API_TOKEN" -F 'file=@photo.jpg'`,
    `# 2. ${t`Tạo một lần tạo ảnh với id của ảnh vừa tải`}`,
    `curl -X POST ${base}/generations -H "Authorization: Bearer $ATELIER_API_TOKEN" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" -H 'Content-Type: application/json' \\`,
    `  -d '{"feature":"image-editing","inputs":{"images":["<asset_id>"]},"params":{"prompt":"…"}}'`,
    `# 3. ${t`Hỏi trạng thái cho đến khi xong (hoặc nhận webhook)`}`,
    `curl ${base}/generations/<generation_id> -H "Authorization: Bearer $ATELIER_API_TOKEN"`,
  ].join('\n');
  return (
    <>
      <section id="introduction" className={s.section} aria-labelledby="introduction-title">
        <h2 id="introduction-title" className={s.h2}>
          <Trans>Giới thiệu</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>
              API công khai cho phép hệ thống của bạn (quản lý sản phẩm, website bán hàng, công cụ nội bộ) dùng các công cụ AI của Atelier: cùng kho ảnh, cùng
              hàng đợi và cùng số dư tín dụng như khi bạn làm trong ứng dụng.
            </Trans>
          </p>
          <p>
            <Trans>Địa chỉ gốc của mọi yêu cầu:</Trans>{' '}
            <code className={s.code} data-testid="api-base-url">
              {base}
            </code>
          </p>
        </div>
      </section>
      <section id="authentication" className={s.section} aria-labelledby="authentication-title">
        <h2 id="authentication-title" className={s.h2}>
          <Trans>Xác thực</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>Gửi token API trong header của mọi yêu cầu:</Trans> <code className={s.code}>{header}</code>
          </p>
          <p>
            <Trans>
              Tạo token ở trang{' '}
              <AppLink to={TOKENS_PAGE} className={s.inlineLink}>
                Quản lý API
              </AppLink>
              . Token chỉ hiện đầy đủ một lần, khi vừa tạo hoặc vừa tạo lại: hãy lưu nó ngay vào nơi an toàn, như biến môi trường hoặc kho bí mật của máy chủ,
              và đừng bao giờ đặt nó trong mã chạy trên trình duyệt hay ứng dụng di động.
            </Trans>
          </p>
          <p>
            <Trans>Mỗi token chỉ được dùng những dịch vụ bạn cho phép khi tạo nó:</Trans>
          </p>
          <ul className={s.steps}>
            {API_TOKEN_SERVICES.map((service) => (
              <li key={service}>
                {i18n._(SERVICE_NAMES[service])} <code className={s.code}>{service}</code>
              </li>
            ))}
          </ul>
          <p>
            <Trans>
              Token có hạn dùng ({days} ngày hoặc không bao giờ hết hạn), giới hạn tần suất riêng (mặc định {rate} yêu cầu mỗi phút) và có thể có hạn mức tín
              dụng. Bạn có thể tắt, tạo lại hoặc xóa token bất cứ lúc nào; khi tạo lại, token cũ ngừng hoạt động ngay lập tức.
            </Trans>
          </p>
          <p>
            <Trans>
              Quyền truy cập API có trong gói Pro trở lên.{' '}
              <AppLink to="/pricing" className={s.inlineLink}>
                Xem bảng giá
              </AppLink>
              .
            </Trans>
          </p>
        </div>
      </section>
      <section id="quick-start" className={s.section} aria-labelledby="quick-start-title">
        <h2 id="quick-start-title" className={s.h2}>
          <Trans>Bắt đầu nhanh</Trans>
        </h2>
        <ol className={s.steps}>
          <li>
            <Trans>
              Tải ảnh đầu vào lên bằng <code className={s.code}>POST /v1/media</code> (multipart, trường <code className={s.code}>file</code>
              ); câu trả lời chứa <code className={s.code}>id</code> của ảnh.
            </Trans>
          </li>
          <li>
            <Trans>
              Tạo một lần tạo ảnh bằng <code className={s.code}>POST /v1/generations</code> với tính năng, id các ảnh và tham số, kèm một{' '}
              <code className={s.code}>Idempotency-Key</code> mới. Máy chủ trả về 202 và lần tạo ở trạng thái chờ.
            </Trans>
          </li>
          <li>
            <Trans>
              Hỏi <code className={s.code}>{poll}</code> vài giây một lần cho đến khi trạng thái là <code className={s.code}>completed</code>,{' '}
              <code className={s.code}>failed</code> hoặc <code className={s.code}>cancelled</code>, hoặc đặt <code className={s.code}>webhook_url</code> để
              được báo khi xong.
            </Trans>
          </li>
        </ol>
        <CodeBlock code={quickStart} label={t`Ví dụ bắt đầu nhanh`} />
      </section>
    </>
  );
}
