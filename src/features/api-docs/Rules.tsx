import { Trans, useLingui } from '@lingui/react/macro';
import { IDEMPOTENCY_TTL_HOURS, RATE_LIMIT_POLICY_NAME } from '../../contract/public-api.ts';
import { RATE_LIMIT_DEFAULT, RATE_LIMIT_MAX, RATE_LIMIT_MIN, RATE_LIMIT_WINDOW_SECONDS } from '../../contract/token-terms.ts';
import { AppLink } from '../../ui/link.tsx';
import { CodeBlock, CodeTabs } from './CodeBlock.tsx';
import { TOKENS_PAGE } from './links.ts';
import { VERIFY_JAVASCRIPT, VERIFY_PYTHON, WEBHOOK_EXAMPLE } from './webhook-samples.ts';
import * as s from './api-docs.css.ts';

/** The example token's limit: the default, so the example matches a new token. */
const LIMIT = RATE_LIMIT_DEFAULT;
const WINDOW = RATE_LIMIT_WINDOW_SECONDS;
/** Seconds between two requests once the burst is spent. */
const SPACING = WINDOW / LIMIT;

/** A refused request and its headers, for the default limit right after a full burst. */
export const RATE_LIMIT_EXAMPLE = [
  'HTTP/1.1 429 Too Many Requests',
  `RateLimit-Policy: "${RATE_LIMIT_POLICY_NAME}";q=${LIMIT};w=${WINDOW}`,
  `RateLimit: "${RATE_LIMIT_POLICY_NAME}";r=0;t=${WINDOW}`,
  `Retry-After: ${SPACING}`,
  '',
  '{ "message": "Rate limit exceeded: retry after the time in Retry-After.", "code": "rateLimited" }',
].join('\n');

/** The rules every call meets: rate limit, idempotency, credit cap, webhooks. */
export function Rules() {
  const { t } = useLingui();
  const min = RATE_LIMIT_MIN;
  const max = RATE_LIMIT_MAX;
  const limit = LIMIT;
  const spacing = SPACING;
  const hours = IDEMPOTENCY_TTL_HOURS;
  return (
    <>
      <section id="rate-limits" className={s.section} aria-labelledby="rate-limits-title">
        <h2 id="rate-limits-title" className={s.h2}>
          <Trans>Giới hạn tần suất</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>
              Mỗi token có giới hạn riêng, từ {min} đến {max} yêu cầu mỗi phút. Với giới hạn N, bạn có thể gửi ngay N yêu cầu liền một lúc; sau đó cứ mỗi 60/N
              giây lại được thêm một yêu cầu. Ví dụ với {limit} yêu cầu mỗi phút: gửi liền {limit} yêu cầu, rồi một yêu cầu mỗi {spacing} giây. Không bao giờ có
              hai đợt dồn liền nhau ở ranh giới phút.
            </Trans>
          </p>
          <p>
            <Trans>
              Mọi câu trả lời đều có header <code className={s.code}>RateLimit-Policy</code> (giới hạn và khung thời gian tính bằng giây) và{' '}
              <code className={s.code}>RateLimit</code> (số yêu cầu còn lại <code className={s.code}>r</code> và số giây cho đến khi đầy lại{' '}
              <code className={s.code}>t</code>). Khi vượt giới hạn, máy chủ trả về 429 kèm <code className={s.code}>Retry-After</code> (số giây cần chờ); yêu
              cầu bị từ chối không bị tính vào hạn mức.
            </Trans>
          </p>
        </div>
        <CodeBlock code={RATE_LIMIT_EXAMPLE} label={t`Ví dụ câu trả lời 429`} />
      </section>
      <section id="idempotency" className={s.section} aria-labelledby="idempotency-title">
        <h2 id="idempotency-title" className={s.h2}>
          <Trans>Idempotency</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>
              Gửi header <code className={s.code}>Idempotency-Key</code> (ví dụ một UUID mới cho mỗi lần tạo) với{' '}
              <code className={s.code}>POST /v1/generations</code>. Nếu mạng chập chờn, bạn có thể gửi lại đúng yêu cầu đó mà không sợ bị tính tiền hai lần.
              Khóa được giữ {hours} giờ:
            </Trans>
          </p>
          <ul className={s.steps}>
            <li>
              <Trans>cùng khóa, cùng nội dung: 200 với lần tạo đầu tiên (chỉ tính tiền một lần);</Trans>
            </li>
            <li>
              <Trans>cùng khóa trong lúc yêu cầu đầu tiên còn đang được xử lý: 409, hãy thử lại sau giây lát;</Trans>
            </li>
            <li>
              <Trans>cùng khóa nhưng nội dung khác: 422.</Trans>
            </li>
          </ul>
          <p>
            <Trans>Một yêu cầu thất bại (402, 422) giải phóng khóa của nó, nên bạn có thể dùng lại khóa đó sau khi sửa lỗi.</Trans>
          </p>
        </div>
      </section>
      <section id="credit-cap" className={s.section} aria-labelledby="credit-cap-title">
        <h2 id="credit-cap-title" className={s.h2}>
          <Trans>Hạn mức tín dụng</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>
              Mỗi lần tạo trừ tín dụng của tài khoản như trong ứng dụng. Một token có thể có hạn mức tín dụng: tổng tín dụng của các lần tạo mà token đó đã gửi
              không được vượt quá hạn mức. Nếu một lần tạo mới sẽ vượt hạn mức, máy chủ trả về 402 với mã <code className={s.code}>creditCapReached</code> và
              không trừ gì cả. Tín dụng của lần tạo thất bại hoặc bị hủy được trả lại cho cả tài khoản lẫn hạn mức. Nhờ vậy, một tích hợp bị lặp vô tận sẽ dừng
              ở hạn mức thay vì tiêu hết số dư của bạn.
            </Trans>
          </p>
        </div>
      </section>
      <section id="webhooks" className={s.section} aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" className={s.h2}>
          <Trans>Webhook</Trans>
        </h2>
        <div className={s.prose}>
          <p>
            <Trans>
              Khi một lần tạo kết thúc, Atelier gửi <code className={s.code}>generation.completed</code>, <code className={s.code}>generation.failed</code> hoặc{' '}
              <code className={s.code}>generation.cancelled</code> đến <code className={s.code}>webhook_url</code> của yêu cầu, hoặc đến webhook mặc định của
              token. Địa chỉ phải là https và nằm trên internet công cộng (không nhận localhost hay địa chỉ mạng nội bộ).
            </Trans>
          </p>
          <p>
            <Trans>
              Tin nhắn được ký theo chuẩn Standard Webhooks với ba header <code className={s.code}>webhook-id</code>,{' '}
              <code className={s.code}>webhook-timestamp</code> và <code className={s.code}>webhook-signature</code>. Khóa ký{' '}
              <code className={s.code}>whsec_…</code> nằm trong trang chi tiết của token. Hãy kiểm tra chữ ký trên nội dung thô, trước khi đọc JSON, và trả lời
              bằng mã 2xx trong vòng 10 giây.
            </Trans>
          </p>
          <p>
            <Trans>
              Nếu không nhận được 2xx, Atelier gửi lại với thời gian chờ tăng dần trong hơn 24 giờ. Mỗi lần gửi lại giữ nguyên{' '}
              <code className={s.code}>webhook-id</code>, nên bạn có thể dùng nó để bỏ qua tin trùng. Bạn cũng có thể gửi lại một tin bất cứ lúc nào từ trang{' '}
              <AppLink to={TOKENS_PAGE} className={s.inlineLink}>
                Quản lý API
              </AppLink>
              .
            </Trans>
          </p>
        </div>
        <CodeBlock code={WEBHOOK_EXAMPLE} label={t`Ví dụ một tin webhook`} />
        <h3 className={s.h3}>
          <Trans>Kiểm tra chữ ký</Trans>
        </h3>
        <CodeTabs
          samples={{ javascript: VERIFY_JAVASCRIPT, python: VERIFY_PYTHON }}
          idPrefix="verify-sample"
          names={{ javascript: 'JavaScript', python: 'Python' }}
        />
      </section>
    </>
  );
}
