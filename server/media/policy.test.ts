import { describe, expect, it } from 'vitest';
import { acceptedLabel, checkUpload, rolesFor, streamingLimit } from './policy.ts';
import { SNIFFED_BY_MIME } from './sniff.ts';

const MB = 1024 * 1024;
const jpeg = SNIFFED_BY_MIME['image/jpeg'];
const mp4 = SNIFFED_BY_MIME['video/mp4'];

describe('upload policy', () => {
  it('takes images for inputs (10 MB), images and videos for the upscaler (20 MB, 100 MB), videos for the video role', () => {
    expect(() => checkUpload(jpeg, 10 * MB, { purpose: 'input', role: null })).not.toThrow();
    expect(() => checkUpload(jpeg, 10 * MB + 1, { purpose: 'input', role: 'garment' })).toThrow('Maximum size is 10MB.');
    expect(() => checkUpload(jpeg, 20 * MB, { purpose: 'upscale', role: null })).not.toThrow();
    expect(() => checkUpload(jpeg, 20 * MB + 1, { purpose: 'upscale', role: 'image' })).toThrow('Maximum size is 20MB.');
    expect(() => checkUpload(mp4, 100 * MB, { purpose: 'upscale', role: null })).not.toThrow();
    expect(() => checkUpload(mp4, 100 * MB + 1, { purpose: 'input', role: 'video' })).toThrow('Maximum size is 100MB.');
    expect(() => checkUpload(mp4, 1, { purpose: 'input', role: null })).toThrow('Please upload JPEG, PNG, WebP files only.');
    expect(() => checkUpload(jpeg, 1, { purpose: 'upscale', role: 'video' })).toThrow('Please upload MP4, WebM, MOV files only.');
    expect(acceptedLabel({ purpose: 'upscale', role: null })).toBe('JPEG, PNG, WebP, MP4, WebM, MOV');
  });

  it('holds a streaming file to the loosest limit its missing fields could still allow', () => {
    expect(streamingLimit(jpeg, { purpose: 'input' })).toBe(10 * MB);
    expect(streamingLimit(jpeg, {})).toBe(20 * MB);
    expect(streamingLimit(jpeg, { role: 'model' })).toBe(20 * MB);
    expect(streamingLimit(jpeg, { purpose: 'input', role: 'model' })).toBe(10 * MB);
    expect(streamingLimit(mp4, {})).toBe(100 * MB);
    expect(streamingLimit(mp4, { purpose: 'input' })).toBe(100 * MB);
    expect(() => streamingLimit(mp4, { purpose: 'input', role: 'face' })).toThrow('Please upload JPEG, PNG, WebP files only.');
  });

  it('lists the upload role first, then the other roles of its media type', () => {
    expect(rolesFor('image', 'hair')).toEqual(['hair', 'image', 'model', 'garment', 'face']);
    expect(rolesFor('image', null)).toEqual(['image', 'model', 'garment', 'face', 'hair']);
    expect(rolesFor('video', null)).toEqual(['video']);
  });

  it('gives a mask its role alone: a working file is never offered as a photo', () => {
    expect(rolesFor('image', 'mask')).toEqual(['mask']);
    expect(() => checkUpload(mp4, 1, { purpose: 'input', role: 'mask' })).toThrow('Please upload JPEG, PNG, WebP files only.');
  });
});
