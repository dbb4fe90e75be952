import { Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../../contract/generations.schema.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import * as s from './result-strip.css.ts';

/**
 * The results of a multi-image edit (contract: the local engine gives one result per image, or
 * one grid): a strip of thumbnails, one toggle button per result, to switch the result the
 * screen shows. Renders nothing for a single result.
 *
 * Stable test ids: `edit-results` (`data-count`), `edit-result-thumb` (`data-index`,
 * `aria-pressed`).
 */

export interface ResultStripProps {
  results: readonly Asset[];
  selected: number;
  onSelect: (index: number) => void;
}

/**
 * The input a result was made from, for the before/after slider: with one result per image the
 * image at the same place in the request; a grid (one result from several images) has none.
 */
export function beforeOfResult(job: Pick<Generation, 'inputs' | 'input_assets' | 'results'> | null, index: number): Asset | null {
  if (!job) return null;
  const ids = Array.isArray(job.inputs.images) ? job.inputs.images.filter((id): id is string => typeof id === 'string') : [];
  if (ids.length > 1 && job.results.length !== ids.length) return null;
  const id = ids.length === 1 ? ids[0] : ids[index];
  return job.input_assets.find((asset) => asset.id === id) ?? null;
}

export function ResultStrip({ results, selected, onSelect }: ResultStripProps) {
  const { t } = useLingui();
  if (results.length < 2) return null;
  const count = results.length;
  return (
    <section aria-label={t`Các kết quả`} data-testid="edit-results" data-count={count}>
      <p className={s.caption}>
        <Trans>{count} kết quả: chọn một ảnh để xem, so sánh và tải xuống.</Trans>
      </p>
      <ul className={s.strip}>
        {results.map((asset, index) => {
          const position = index + 1;
          return (
            <li key={asset.id}>
              <button
                type="button"
                className={s.thumbButton}
                aria-pressed={index === selected}
                aria-label={t`Kết quả ${position} trên ${count}`}
                onClick={() => onSelect(index)}
                data-testid="edit-result-thumb"
                data-index={index}
              >
                <img className={s.thumbImage} src={mediaSrc(asset.thumbnail_url || asset.url)} alt="" />
                <span aria-hidden="true">{position}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
