import { describe, expect, it } from 'vitest';
import { sniffType } from './sniff.ts';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
/** An ISO-BMFF ftyp box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 2, 0], ...compatible, [0, 0, 0, 8], 'free');
};

/** An EBML header with a DocType. */
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType, [0x42, 0x87, 0x81, 0x04]);

describe('sniffType', () => {
  it('knows the three image types by their signatures', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0]))?.mime).toBe('image/jpeg');
    expect(sniffType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))?.mime).toBe('image/png');
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp');
    // RIFF that is not WebP (a WAV file).
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('tells MP4 from QuickTime by the ftyp brands, and leaves HEIC and AVIF out', () => {
    expect(sniffType(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))?.mime).toBe('video/mp4');
    expect(sniffType(ftyp('mp42', 'mp42', 'isom'))?.mime).toBe('video/mp4');
    expect(sniffType(ftyp('qt  ', 'qt  '))?.mime).toBe('video/quicktime');
    expect(sniffType(ftyp('XAVC', 'XAVC', 'mp42', 'iso2'))?.mime).toBe('video/mp4');
    expect(sniffType(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffType(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffType(ftyp('zzzz', 'mif1', 'mp42'))).toBeNull();
    expect(sniffType(ftyp('zzzz', 'yyyy'))).toBeNull();
  });

  it('takes EBML as WebM only when the DocType says webm', () => {
    expect(sniffType(ebml('webm'))?.mime).toBe('video/webm');
    expect(sniffType(ebml('matroska'))).toBeNull();
  });

  it('knows nothing else: text, GIF, PDF, empty and short inputs', () => {
    expect(sniffType(Buffer.from('hello, this is not an image'))).toBeNull();
    expect(sniffType(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffType(Buffer.alloc(0))).toBeNull();
    expect(sniffType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
