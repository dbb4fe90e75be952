import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { BodyGeneratorRequestSchema } from '../../../contract/generations.schema.ts';
import { checkPrerequisites } from '../../../contract/generations.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { bodyRequest } from './BodyGeneratorScreen.tsx';
import { INITIAL_BODY_PARAMS } from './body-params.ts';

describe('bodyRequest', () => {
  test('a new form is refused with the body parameters message', () => {
    expect(checkPrerequisites(bodyRequest(INITIAL_BODY_PARAMS, null))).toBe('bodyParametersRequired');
  });

  test('complete parameters with a face photo make a valid request; the prompt is trimmed', () => {
    const params = {
      ...INITIAL_BODY_PARAMS,
      gender: 'female' as const,
      skin_tone: 'olive' as const,
      body_type: 'endomorph' as const,
      prompt: '  váy đỏ ',
      style_hints: ['Ảnh studio'],
    };
    const request = bodyRequest(params, makeAsset({ id: 'face-1' }));
    expect(request.inputs).toEqual({ face: 'face-1' });
    expect(request.params).toMatchObject({
      gender: 'female',
      height: 165,
      weight: 55,
      age: 25,
      aspect_ratio: '3:4',
      prompt: 'váy đỏ',
      style_hints: ['Ảnh studio'],
    });
    expect(v.safeParse(BodyGeneratorRequestSchema, request).success).toBe(true);
    expect(checkPrerequisites(request)).toBeNull();
  });

  test('the face photo is optional', () => {
    const params = { ...INITIAL_BODY_PARAMS, gender: 'male' as const, skin_tone: 'dark' as const, body_type: 'mesomorph' as const };
    expect(bodyRequest(params, null).inputs).toEqual({ face: null });
    expect(checkPrerequisites(bodyRequest(params, null))).toBeNull();
  });
});
