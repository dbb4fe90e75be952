import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '../../../../ui/Field.tsx';
import { button } from '../../../../ui/button.ts';
import { CONTACT_FILE_MAX_MB, CONTACT_FILES_MAX } from '../../../../contract/contact.ts';
import * as s from './contact.css.ts';

const KB = 1024;

/** `820 KB`, `3.4 MB`. */
const sizeText = (bytes: number): string => (bytes >= KB * KB ? `${(bytes / (KB * KB)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / KB))} KB`);

interface FilePickerProps {
  files: readonly File[];
  /** The problem's text, already in the reader's language. */
  error: string | undefined;
  disabled: boolean;
  onChoose(chosen: File[]): void;
  onRemove(index: number): void;
}

/**
 * The attachments: a button that opens the system's picker (several at once), the chosen files
 * with a remove button each, and the problem of the last choice beside them.
 */
export function FilePicker({ files, error, disabled, onChoose, onRemove }: FilePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= CONTACT_FILES_MAX;
  return (
    <Field
      label={<Trans>Tệp đính kèm (không bắt buộc)</Trans>}
      hint={
        <Trans>
          Tối đa {CONTACT_FILES_MAX} tệp PNG, JPG hoặc PDF, mỗi tệp đến {CONTACT_FILE_MAX_MB} MB.
        </Trans>
      }
      error={error}
      errorTestId="field-error-files"
    >
      {(control) => (
        <div className={s.form}>
          <input
            ref={input}
            type="file"
            name="files"
            multiple
            accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
            hidden
            data-testid="contact-files-input"
            onChange={(event) => {
              onChoose([...(event.currentTarget.files ?? [])]);
              // The same file can be chosen again after it was removed.
              event.currentTarget.value = '';
            }}
          />
          <button
            type="button"
            className={button({ variant: 'secondary' })}
            {...control}
            data-field="files"
            disabled={disabled}
            aria-disabled={full || undefined}
            onClick={() => input.current?.click()}
          >
            {full ? <Trans>Đã đủ {CONTACT_FILES_MAX} tệp</Trans> : <Trans>Chọn tệp</Trans>}
          </button>
          {files.length > 0 ? (
            <ul className={s.files} aria-label={t`Tệp đã chọn`} data-testid="contact-files">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`} className={s.file}>
                  <span className={s.fileName}>{file.name}</span>
                  <span className={s.fileSize}>{sizeText(file.size)}</span>
                  <button type="button" className={s.remove} aria-label={t`Bỏ tệp ${file.name}`} disabled={disabled} onClick={() => onRemove(index)}>
                    <Trans>Bỏ</Trans>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Field>
  );
}
