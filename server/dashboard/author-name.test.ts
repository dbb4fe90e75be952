import { describe, expect, it } from 'vitest';
import { ANONYMOUS_AUTHOR, authorName } from './service.ts';

describe('authorName', () => {
  it('shows the given name of a Vietnamese full name (family name first)', () => {
    expect(authorName('Trần Văn Minh')).toBe('Minh');
    expect(authorName('  Nguyễn   Thu Hà ')).toBe('Hà');
    // Decomposed input (NFD, as some keyboards send it) is recognised too.
    expect(authorName('Phạm Thu Hà'.normalize('NFD'))).toBe('Hà');
  });

  it('shows the first word of other names', () => {
    expect(authorName('Ana Lopez')).toBe('Ana');
    expect(authorName('Minh')).toBe('Minh');
    // A lone family-name word is all there is to show.
    expect(authorName('Lê')).toBe('Lê');
  });

  it('never shows an empty author', () => {
    expect(authorName('   ')).toBe(ANONYMOUS_AUTHOR);
  });
});
