import { describe, expect, test } from 'vitest';
import { checkPrerequisites } from '../../../contract/generations.ts';
import { HairstyleRequestSchema } from '../../../contract/generations.schema.ts';
import * as v from 'valibot';
import { makeAsset, makeGeneration } from '../../../../tests/fixtures/test-data.ts';
import { hairRequest, portraitOf } from './HairstyleChangerScreen.tsx';
import { INITIAL_HAIRSTYLE_SELECTION } from './styles/HairstylePicker.tsx';

const photo = makeAsset({ id: 'photo-1' });
const mask = makeAsset({ id: 'mask-1' });
const reference = makeAsset({ id: 'ref-1' });

describe('hairRequest', () => {
  test('names the photo, the mask and the template, and is a valid request the prerequisites accept', () => {
    const request = hairRequest({
      photo,
      reference: null,
      mask,
      selection: { gender: 'male', category: 'short', style: 'crew-cut' },
      custom: { color: '#aa3300', prompt: '  sóng nhẹ  ' },
    });
    expect(request).toEqual({
      feature: 'hairstyle-changer',
      inputs: { image: 'photo-1', mask: 'mask-1', reference: null },
      params: { style: 'crew-cut', gender: 'male', category: 'short', color: '#aa3300', prompt: 'sóng nhẹ' },
    });
    expect(v.safeParse(HairstyleRequestSchema, request).success).toBe(true);
    expect(checkPrerequisites(request)).toBeNull();
  });

  test('leaves out an unset colour and a blank description; a reference photo stands in for a template', () => {
    const request = hairRequest({ photo, reference, mask: null, selection: INITIAL_HAIRSTYLE_SELECTION, custom: { prompt: '   ' } });
    expect(request.params).toEqual({ style: null, gender: 'female', category: 'all' });
    expect(request.inputs).toEqual({ image: 'photo-1', mask: null, reference: 'ref-1' });
    expect(checkPrerequisites(request)).toBeNull();
  });

  test('without a photo, or without a style or reference, the prerequisite message is named', () => {
    const selection = { ...INITIAL_HAIRSTYLE_SELECTION, style: 'long-straight-layer' as const };
    expect(checkPrerequisites(hairRequest({ photo: null, reference: null, mask: null, selection, custom: {} }))).toBe('selectImageAndHairstyle');
    expect(checkPrerequisites(hairRequest({ photo, reference: null, mask: null, selection: INITIAL_HAIRSTYLE_SELECTION, custom: {} }))).toBe(
      'selectImageAndHairstyle',
    );
  });
});

describe('portraitOf', () => {
  test('finds the job’s input image among its input assets, not its mask', () => {
    const job = makeGeneration({ feature: 'hairstyle-changer', inputs: { image: 'photo-1', mask: 'mask-1' }, input_assets: [mask, photo] });
    expect(portraitOf(job)?.id).toBe('photo-1');
  });

  test('null without a job, or when the portrait is gone', () => {
    expect(portraitOf(null)).toBeNull();
    expect(portraitOf(makeGeneration({ inputs: { image: 'photo-1' }, input_assets: [] }))).toBeNull();
  });
});
