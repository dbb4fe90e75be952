/**
 * The form's file rules in the browser (docs/product-rules.md#contact), checked the moment files
 * are chosen, before anything is sent: at most CONTACT_FILES_MAX, each at most
 * CONTACT_FILE_MAX_BYTES, and each a PNG, JPG or PDF by its first bytes, whatever its name says
 * (the server checks again).
 */
import { CONTACT_FILE_MAX_BYTES, CONTACT_FILES_MAX, CONTACT_SNIFF_BYTES, type ContactMessageKey } from '../../../../contract/contact.ts';
import { contactFileKind } from '../../../../contract/contact-checks.ts';

export interface FileProblem {
  code: ContactMessageKey;
  name?: string;
}

/**
 * The files that may join `current`, in order, and the first problem met: past the count, the
 * rest are refused; a file of a wrong type or size is left out and named.
 */
export async function admitFiles(current: readonly File[], chosen: readonly File[]): Promise<{ admitted: File[]; problem: FileProblem | null }> {
  const admitted: File[] = [];
  let problem: FileProblem | null = null;
  for (const file of chosen) {
    if (current.length + admitted.length >= CONTACT_FILES_MAX) return { admitted, problem: { code: 'tooManyFiles' } };
    const head = new Uint8Array(await file.slice(0, CONTACT_SNIFF_BYTES).arrayBuffer());
    if (contactFileKind(head) === null) problem ??= { code: 'invalidFileType', name: file.name };
    else if (file.size > CONTACT_FILE_MAX_BYTES) problem ??= { code: 'fileTooLarge', name: file.name };
    else admitted.push(file);
  }
  return { admitted, problem };
}
