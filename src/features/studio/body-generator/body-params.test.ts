import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BodyGeneratorRequestSchema } from '../../../contract/generations.schema.ts';
import { checkPrerequisites } from '../../../contract/generations.ts';
import {
  addStyleHint,
  aspectValue,
  bmiBand,
  bodyMassIndex,
  bodyParamsComplete,
  clampedOrNull,
  INITIAL_BODY_PARAMS,
  MAX_STYLE_HINTS,
  missingBodyFields,
  type BodyParams,
} from './body-params.ts';

const COMPLETE: BodyParams = { ...INITIAL_BODY_PARAMS, gender: 'female', skin_tone: 'medium', body_type: 'mesomorph' };

describe('body parameters', () => {
  it('lists the unset required fields in form order, and none once complete', () => {
    expect(missingBodyFields(INITIAL_BODY_PARAMS)).toEqual(['gender', 'skin_tone', 'body_type']);
    expect(missingBodyFields({ ...COMPLETE, height: null, age: undefined })).toEqual(['height', 'age']);
    expect(missingBodyFields(COMPLETE)).toEqual([]);
  });

  it('agrees with the contract prerequisite check', () => {
    expect(bodyParamsComplete(INITIAL_BODY_PARAMS)).toBe(false);
    expect(checkPrerequisites({ feature: 'body-generator', inputs: {}, params: INITIAL_BODY_PARAMS })).toBe('bodyParametersRequired');
    expect(bodyParamsComplete(COMPLETE)).toBe(true);
    expect(v.safeParse(BodyGeneratorRequestSchema, { feature: 'body-generator', params: COMPLETE }).success).toBe(true);
  });

  it('keeps measurements within the contract limits', () => {
    expect(clampedOrNull(139, 'height')).toBeNull();
    expect(clampedOrNull(140, 'height')).toBe(140);
    expect(clampedOrNull(210, 'height')).toBe(210);
    expect(clampedOrNull(151, 'weight')).toBeNull();
    expect(clampedOrNull(52.5, 'weight')).toBe(52.5);
    expect(clampedOrNull(17, 'age')).toBeNull();
    expect(clampedOrNull(30.5, 'age')).toBeNull();
    expect(clampedOrNull(Number.NaN, 'age')).toBeNull();
  });

  it('computes BMI as kg/m² with WHO bands', () => {
    expect(bodyMassIndex(170, 65)).toBeCloseTo(22.49, 2);
    expect(bodyMassIndex(null, 65)).toBeNull();
    expect(bodyMassIndex(170, undefined)).toBeNull();
    expect(bmiBand(18.49)).toBe('underweight');
    expect(bmiBand(18.5)).toBe('normal');
    expect(bmiBand(24.99)).toBe('normal');
    expect(bmiBand(25)).toBe('overweight');
    expect(bmiBand(30)).toBe('obese');
  });

  it('adds style hints within the contract limits', () => {
    expect(addStyleHint([], '  Nền   trắng ')).toEqual({ hints: ['Nền trắng'] });
    expect(addStyleHint([], '   ')).toEqual({ refused: 'empty' });
    expect(addStyleHint([], 'x'.repeat(61))).toEqual({ refused: 'tooLong' });
    expect(addStyleHint([], 'x'.repeat(60))).toEqual({ hints: ['x'.repeat(60)] });
    expect(addStyleHint(['Nền trắng'], 'nền TRẮNG')).toEqual({ refused: 'duplicate' });
    const ten = Array.from({ length: MAX_STYLE_HINTS }, (_, index) => `gợi ý ${index}`);
    expect(addStyleHint(ten, 'một nữa')).toEqual({ refused: 'full' });
    expect(addStyleHint(ten.slice(1), 'một nữa')).toEqual({ hints: [...ten.slice(1), 'một nữa'] });
  });

  it('reads aspect ratios as width over height', () => {
    expect(aspectValue('3:4')).toBe(0.75);
    expect(aspectValue('16:9')).toBeCloseTo(1.778, 3);
  });
});
