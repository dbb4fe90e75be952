import { Trans } from '@lingui/react/macro';
import { GENERATION_CALL_MESSAGES as GENERATION_MESSAGES } from '../../contract/generation-call-messages.ts';
import { HTTP_MESSAGES } from '../../contract/http-errors.ts';
import { PUBLIC_API_MESSAGES } from '../../contract/public-api.ts';
import * as s from './api-docs.css.ts';

/** The errors a /v1 call can meet, by status: the code programs test and the text the server sends. */
export const ERROR_ROWS: ReadonlyArray<{ status: number; code: string; message: string }> = [
  { status: 400, code: 'invalidJson', message: HTTP_MESSAGES.invalidJson },
  { status: 400, code: 'invalidIdempotencyKey', message: HTTP_MESSAGES.invalidIdempotencyKey },
  { status: 400, code: 'unstorableValue', message: HTTP_MESSAGES.unstorableValue },
  { status: 401, code: 'missingToken', message: PUBLIC_API_MESSAGES.missingToken },
  { status: 401, code: 'malformedToken', message: PUBLIC_API_MESSAGES.malformedToken },
  { status: 401, code: 'invalidToken', message: PUBLIC_API_MESSAGES.invalidToken },
  { status: 402, code: 'insufficientCredits', message: GENERATION_MESSAGES.insufficientCredits },
  { status: 402, code: 'creditCapReached', message: PUBLIC_API_MESSAGES.creditCapReached },
  { status: 403, code: 'planRequired', message: PUBLIC_API_MESSAGES.planRequired },
  { status: 403, code: 'serviceNotAllowed', message: PUBLIC_API_MESSAGES.serviceNotAllowed },
  { status: 404, code: 'notFound', message: GENERATION_MESSAGES.notFound },
  { status: 404, code: 'unknownPath', message: HTTP_MESSAGES.unknownPath },
  { status: 409, code: 'idempotencyInProgress', message: PUBLIC_API_MESSAGES.idempotencyInProgress },
  { status: 409, code: 'notCancellable', message: GENERATION_MESSAGES.notCancellable },
  { status: 422, code: 'idempotencyMismatch', message: PUBLIC_API_MESSAGES.idempotencyMismatch },
  { status: 422, code: 'invalidWebhookUrl', message: PUBLIC_API_MESSAGES.invalidWebhookUrl },
  { status: 422, code: 'assetNotFound', message: GENERATION_MESSAGES.assetNotFound },
  { status: 422, code: 'wrongAssetType', message: GENERATION_MESSAGES.wrongAssetType },
  { status: 422, code: 'unsupportedOption', message: GENERATION_MESSAGES.unsupportedOption },
  { status: 422, code: 'invalidInput', message: HTTP_MESSAGES.invalidInput },
  { status: 422, code: 'invalidCursor', message: HTTP_MESSAGES.invalidCursor },
  { status: 429, code: 'rateLimited', message: PUBLIC_API_MESSAGES.rateLimited },
  { status: 500, code: 'internalError', message: HTTP_MESSAGES.internalError },
];

const ERROR_BODY = `{ "message": "${PUBLIC_API_MESSAGES.serviceNotAllowed}", "code": "serviceNotAllowed" }`;

/** Errors: the body's shape and the table of statuses and codes. */
export function ErrorsTable() {
  const body = ERROR_BODY;
  return (
    <section id="errors" className={s.section} aria-labelledby="errors-title">
      <h2 id="errors-title" className={s.h2}>
        <Trans>Lỗi</Trans>
      </h2>
      <div className={s.prose}>
        <p>
          <Trans>
            Mọi lỗi có mã HTTP 4xx hoặc 5xx và nội dung JSON <code className={s.code}>{body}</code>. <code className={s.code}>message</code> là câu giải thích
            cho người đọc (bằng tiếng Anh), <code className={s.code}>code</code> là mã cố định để chương trình của bạn xử lý. Lỗi 402 do thiếu tín dụng dùng{' '}
            <code className={s.code}>detail</code> thay cho <code className={s.code}>message</code> và có thêm <code className={s.code}>cost</code>,{' '}
            <code className={s.code}>balance</code>, <code className={s.code}>shortage</code>. Một nội dung JSON sai cú pháp nhận 400, quá lớn nhận 413, không
            đúng định dạng nhận 422 với lời giải thích.
          </Trans>
        </p>
      </div>
      <div className={s.tableWrap} data-scroll-x>
        <table className={s.table} data-testid="error-table">
          <thead>
            <tr>
              <th className={s.headCell}>HTTP</th>
              <th className={s.headCell}>
                <Trans>Mã</Trans>
              </th>
              <th className={s.headCell}>
                <Trans>Nội dung message</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {ERROR_ROWS.map((row) => (
              <tr key={row.code}>
                <td className={s.cell}>{row.status}</td>
                <td className={s.cell}>
                  <code className={s.code}>{row.code}</code>
                </td>
                <td className={s.cell}>{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
