import { describe, expect, it } from 'vitest';
import { parseRange } from './routes.ts';
import { sanitiseName } from './prepare.ts';

describe('sanitiseName', () => {
  it('keeps the last path segment, drops control and bidi characters, and sets the real extension', () => {
    expect(sanitiseName('C:\\Users\\lan\\Ảnh cưới.JPG', 'jpg', 'image')).toBe('Ảnh cưới.jpg');
    expect(sanitiseName('../../etc/passwd', 'png', 'image')).toBe('passwd.png');
    expect(sanitiseName('photo.png', 'jpg', 'image')).toBe('photo.jpg');
    expect(sanitiseName('a\u202Egnp.exe', 'webp', 'image')).toBe('agnp.webp');
    expect(sanitiseName('  \u0000 ', 'mp4', 'video')).toBe('video.mp4');
    expect(sanitiseName('.hidden', 'png', 'image')).toBe('hidden.png');
    expect([...sanitiseName('x'.repeat(500), 'png', 'image')]).toHaveLength(120);
  });
});

describe('parseRange', () => {
  it('reads one byte range, and ignores what it cannot serve as one', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange('bytes=5-1')).toBeUndefined();
    expect(parseRange('bytes=0-1,4-5')).toBeUndefined();
    expect(parseRange('items=0-1')).toBeUndefined();
    expect(parseRange('bytes=-')).toBeUndefined();
    expect(parseRange(undefined)).toBeUndefined();
  });
});
