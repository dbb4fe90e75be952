import { useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_EDIT_IMAGES } from '../../../contract/generations.ts';
import type { EngineName } from '../../../contract/expected-durations.ts';
import { TextArea } from '../../../ui/Field.tsx';
import { AppLink } from '../../../ui/link.tsx';
import { RadioChoice } from '../../../ui/RadioChoice.tsx';
import * as f from '../body-generator/form.css.ts';
import { GENERATION_MESSAGE_DESCRIPTORS } from '../../generations/generation-messages.ts';
import { appendEditPhrase, imageCountProblem, offeredSuggestions, MAX_EDIT_PROMPT_LENGTH, MIN_MULTI_EDIT_IMAGES, type EditMode } from './edit-suggestions.ts';
import * as s from './edit-instructions.css.ts';

export interface EditInstructionsProps {
  mode: EditMode;
  onModeChange: (mode: EditMode) => void;
  /** How many images are selected (the upload step's), for the count rule. */
  imageCount: number;
  /** The description of the edits (`params.prompt`). */
  prompt: string;
  onPromptChange: (prompt: string) => void;
  /** Show the empty-description message (after a Generate attempt); the count rule shows whenever it is broken. */
  showErrors?: boolean;
  disabled?: boolean;
  /** The engine that runs image editing (its chips); null while unknown. */
  engine?: EngineName | null;
}

export const IMAGE_EDITING_GUIDELINES_PATH = '/guidelines/image-editing';

/**
 * Describe Edits (docs/product-rules.md#image-editing, #multi-image): single or multi
 * mode, the description with chips of edits the local engine understands, the count rule of
 * multi mode and a link to the editing guidelines.
 */
export function EditInstructions({
  mode,
  onModeChange,
  imageCount,
  prompt,
  onPromptChange,
  showErrors = false,
  disabled = false,
  engine = null,
}: EditInstructionsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const problem = imageCountProblem(mode, imageCount);
  const promptMissing = showErrors && prompt.trim() === '';
  const suggestions = offeredSuggestions(mode, engine);

  const insert = (phrase: string) => {
    const next = appendEditPhrase(prompt, phrase, i18n.locale);
    if (next.length > MAX_EDIT_PROMPT_LENGTH) return;
    onPromptChange(next);
    // Back to the description with the caret after the inserted phrase, to go on typing.
    requestAnimationFrame(() => {
      const element = textarea.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.length, next.length);
    });
  };

  return (
    <fieldset className={f.formFieldset} disabled={disabled} data-testid="edit-instructions">
      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Chế độ chỉnh sửa</Trans>
        </legend>
        <div className={f.chipRow}>
          <RadioChoice name={`${id}-mode`} value="single" checked={mode === 'single'} onChange={() => onModeChange('single')}>
            <Trans>Một ảnh</Trans>
          </RadioChoice>
          <RadioChoice name={`${id}-mode`} value="multi" checked={mode === 'multi'} onChange={() => onModeChange('multi')}>
            <Trans>
              Nhiều ảnh ({MIN_MULTI_EDIT_IMAGES}–{MAX_EDIT_IMAGES})
            </Trans>
          </RadioChoice>
        </div>
        <span className={s.countLine} data-testid="edit-image-count">
          {mode === 'multi' ? (
            <Trans>
              Đã chọn {imageCount}/{MAX_EDIT_IMAGES} ảnh
            </Trans>
          ) : (
            <Trans>
              Chỉnh sửa một ảnh; chuyển sang chế độ nhiều ảnh để sửa cùng lúc từ {MIN_MULTI_EDIT_IMAGES} đến {MAX_EDIT_IMAGES} ảnh.
            </Trans>
          )}
        </span>
        {problem ? (
          <p className={f.notice} role="alert" data-testid="edit-count-problem">
            {problem === 'imageCount' ? (
              i18n._(GENERATION_MESSAGE_DESCRIPTORS.imageCount)
            ) : (
              <Trans>Chế độ một ảnh chỉ dùng 1 ảnh. Hãy bỏ bớt ảnh hoặc chuyển sang chế độ nhiều ảnh.</Trans>
            )}
          </p>
        ) : null}
      </fieldset>

      <TextArea
        ref={textarea}
        label={<Trans>Mô tả chỉnh sửa</Trans>}
        labelAside={
          <AppLink to={IMAGE_EDITING_GUIDELINES_PATH} className={f.link}>
            <Trans>Xem hướng dẫn chỉnh sửa ảnh</Trans>
          </AppLink>
        }
        hint={<Trans>Viết bằng tiếng Việt hoặc tiếng Anh; nhiều chỉnh sửa cách nhau bằng dấu phẩy và được áp dụng theo thứ tự.</Trans>}
        // Shown after a Generate attempt: announced at once.
        error={promptMissing ? <span role="alert">{i18n._(GENERATION_MESSAGE_DESCRIPTORS.missingPrompt)}</span> : undefined}
        value={prompt}
        required
        maxLength={MAX_EDIT_PROMPT_LENGTH}
        placeholder={t`Ví dụ: tăng độ sáng, cắt 1:1 và đen trắng`}
        onChange={(event) => onPromptChange(event.target.value)}
        data-testid="edit-prompt"
      />

      <div className={f.field}>
        <span className={f.label} id={`${id}-suggestions`}>
          <Trans>Gợi ý chỉnh sửa</Trans>
        </span>
        <div className={f.chipRow} role="group" aria-labelledby={`${id}-suggestions`}>
          {suggestions.map((suggestion) => {
            const phrase = i18n._(suggestion.text);
            return (
              <button
                key={suggestion.id}
                type="button"
                className={`${f.smallButton} ${s.suggestion}`}
                onClick={() => insert(phrase)}
                data-testid={`edit-chip-${suggestion.id}`}
              >
                <span aria-hidden="true">+</span> {phrase}
              </button>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
