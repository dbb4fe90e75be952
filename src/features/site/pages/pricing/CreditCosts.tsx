import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import * as table from '../../../../ui/table.css.ts';
import * as ui from '../sections.css.ts';
import { CREDIT_COSTS as C } from './credit-costs.ts';
import * as s from './pricing.css.ts';

interface CostRow {
  tool: MessageDescriptor;
  /** The price, said with its unit. */
  cost: (credits: number) => ReactNode;
  credits: number;
  /** How the price grows (per garment, per 10 s…), when it does. */
  detail?: MessageDescriptor;
}

const perUse = (n: number) => <Plural value={n} other="# tín dụng" />;
const from = (n: number) => <Plural value={n} other="từ # tín dụng" />;

const ROWS: readonly CostRow[] = [
  { tool: msg`Thử đồ ảo`, credits: C.tryOnPerGarment, cost: perUse, detail: msg`mỗi món đồ` },
  { tool: msg`Chỉnh sửa ảnh`, credits: C.editPerImage, cost: perUse, detail: msg`mỗi ảnh` },
  { tool: msg`Tạo người mẫu`, credits: C.bodyGenerator, cost: perUse },
  { tool: msg`Đổi kiểu tóc`, credits: C.hairstyle, cost: perUse },
  { tool: msg`Ảnh thành video`, credits: C.videoFrom, cost: from, detail: msg`clip 5 giây 480p; dài hơn hoặc 1080p tốn nhiều hơn` },
  { tool: msg`Làm nét ảnh`, credits: C.upscaleImage2x, cost: from, detail: msg`×2; ×3 hoặc ×4 tốn gấp đôi` },
  { tool: msg`Làm nét video`, credits: C.upscaleVideo2xPer10s, cost: from, detail: msg`mỗi 10 giây ở ×2; ×3 hoặc ×4 tốn gấp đôi` },
];

/** What one generation of each tool costs (docs/product-rules.md#credits-prices). */
export function CreditCosts() {
  const { i18n } = useLingui();
  return (
    <section className={ui.section.paper} aria-labelledby="pricing-costs-title">
      <div className={`${ui.container} ${s.split}`}>
        <div className={ui.flushHead}>
          <p className={ui.eyebrow}>
            <Trans>Tín dụng</Trans>
          </p>
          <h2 id="pricing-costs-title" className={ui.title}>
            <Trans>Mỗi lần tạo tốn bao nhiêu tín dụng</Trans>
          </h2>
          <p className={ui.lead}>
            <Trans>Lần tạo nào lỗi, tín dụng được hoàn lại tự động.</Trans>
          </p>
        </div>
        <div className={table.frame}>
          <table className={table.table} data-testid="credit-costs">
            <thead>
              <tr>
                <th scope="col" className={table.headCell}>
                  <Trans>Công cụ</Trans>
                </th>
                <th scope="col" className={`${table.headCell} ${table.end}`}>
                  <Trans>Tín dụng</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.tool.id} className={table.row}>
                  <th scope="row" className={`${table.cell} ${s.toolCell}`}>
                    {i18n._(row.tool)}
                    {row.detail ? <span className={s.costDetail}>{i18n._(row.detail)}</span> : null}
                  </th>
                  <td className={`${table.cell} ${table.end} ${s.costCell}`}>{row.cost(row.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
