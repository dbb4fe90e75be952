import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { GENDERS, HAIR_CATEGORIES, type Hairstyle } from '../../../../contract/generation-params.ts';
import { RadioChoice } from '../../../../ui/RadioChoice.tsx';
import * as f from '../../body-generator/form.css.ts';
import { HairSilhouette } from './HairSilhouette.tsx';
import { filterHairstyles, HAIR_CATEGORY_LABELS, HAIR_GENDER_LABELS, hairstyleInfo, type HairCategory, type HairGender } from './hairstyles.ts';
import * as s from './hairstyle.css.ts';

/** The picker's state: the filters and the chosen template, as the hairstyle request's `params` name them. */
export interface HairstyleSelection {
  gender: HairGender;
  category: HairCategory;
  /** The chosen template; null with a reference photo instead (or nothing chosen yet). */
  style: Hairstyle | null;
}

export const INITIAL_HAIRSTYLE_SELECTION: HairstyleSelection = { gender: 'female', category: 'all', style: null };

export interface HairstylePickerProps {
  value: HairstyleSelection;
  onChange: (next: HairstyleSelection) => void;
  disabled?: boolean;
}

/**
 * Template hairstyles (docs/product-rules.md#hairstyle): a gender filter (Nữ/Nam), a category filter (all,
 * short, medium, long, curly, updo) and a grid of the matching styles, one chosen at a time.
 * A chosen style stays chosen while the category filter hides it (the summary line names it);
 * switching gender clears a style of the other gender.
 */
export function HairstylePicker({ value, onChange, disabled = false }: HairstylePickerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const styles = filterHairstyles(value.gender, value.category);
  const chosen = value.style ? hairstyleInfo(value.style) : null;
  const chosenName = chosen ? i18n._(chosen.name) : '';

  const setGender = (gender: HairGender) => onChange({ ...value, gender, style: chosen && chosen.gender !== gender ? null : value.style });

  return (
    <fieldset className={f.formFieldset} disabled={disabled} data-testid="hairstyle-picker">
      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Kiểu tóc dành cho</Trans>
        </legend>
        <div className={f.chipRow}>
          {GENDERS.map((gender) => (
            <RadioChoice key={gender} name={`${id}-gender`} value={gender} checked={value.gender === gender} onChange={() => setGender(gender)}>
              {i18n._(HAIR_GENDER_LABELS[gender])}
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Nhóm kiểu tóc</Trans>
        </legend>
        <div className={f.chipRow}>
          {HAIR_CATEGORIES.map((category) => (
            <RadioChoice
              key={category}
              name={`${id}-category`}
              value={category}
              checked={value.category === category}
              onChange={() => onChange({ ...value, category })}
            >
              {i18n._(HAIR_CATEGORY_LABELS[category])}
              <span className={s.count} aria-hidden="true">
                {filterHairstyles(value.gender, category).length}
              </span>
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Chọn kiểu tóc mẫu</Trans>
        </legend>
        {styles.length > 0 ? (
          <div className={s.grid}>
            {styles.map((info) => (
              <RadioChoice
                key={info.id}
                look="card"
                className={s.styleCard}
                testId={`hairstyle-${info.id}`}
                name={`${id}-style`}
                value={info.id}
                checked={value.style === info.id}
                onChange={() => onChange({ ...value, style: info.id })}
              >
                <HairSilhouette family={info.family} className={s.silhouette} />
                <span className={s.styleName}>{i18n._(info.name)}</span>
              </RadioChoice>
            ))}
          </div>
        ) : (
          <p className={s.empty} data-testid="hairstyle-empty">
            <Trans>Chưa có kiểu tóc mẫu nào trong nhóm này. Bạn có thể tải ảnh tham khảo hoặc mô tả kiểu tóc mong muốn.</Trans>
          </p>
        )}
        <div className={s.summary} role="status">
          {chosen ? (
            <>
              <span>
                <Trans>Đã chọn: {chosenName}</Trans>
              </span>
              <button type="button" className={f.smallButton} onClick={() => onChange({ ...value, style: null })} aria-label={t`Bỏ chọn kiểu tóc`}>
                <Trans>Bỏ chọn</Trans>
              </button>
            </>
          ) : (
            <span className={f.hint}>
              <Trans>Chọn một kiểu tóc mẫu, hoặc dùng ảnh tham khảo thay cho kiểu mẫu.</Trans>
            </span>
          )}
        </div>
      </fieldset>
    </fieldset>
  );
}
