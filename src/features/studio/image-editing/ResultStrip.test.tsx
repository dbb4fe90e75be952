// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAsset, makeGeneration } from '../../../../tests/fixtures/test-data.ts';
import { editProblem, editRequest } from './ImageEditingScreen.tsx';
import { beforeOfResult, ResultStrip } from './ResultStrip.tsx';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.load('vi', {});
  i18n.activate('vi');
});
afterEach(cleanup);

const a = makeAsset({ id: 'a' });
const b = makeAsset({ id: 'b' });
const c = makeAsset({ id: 'c' });

function editJob(images: string[], results: number) {
  return makeGeneration({
    feature: 'image-editing',
    status: 'completed',
    inputs: { images },
    // The server lists the input assets in its own order: the result's input is found by id.
    input_assets: [c, b, a].filter((asset) => images.includes(asset.id)),
    results: Array.from({ length: results }, (_, index) => makeAsset({ id: `r${index}`, source: 'generation' })),
  });
}

describe('beforeOfResult', () => {
  it('pairs each result with the image at the same place in the request', () => {
    const job = editJob(['a', 'b', 'c'], 3);
    expect([0, 1, 2].map((index) => beforeOfResult(job, index)?.id)).toEqual(['a', 'b', 'c']);
  });

  it('gives a grid (one result from several images) no before image', () => {
    expect(beforeOfResult(editJob(['a', 'b'], 1), 0)).toBeNull();
  });

  it('uses the only image of a single edit, and nothing without a job', () => {
    expect(beforeOfResult(editJob(['b'], 1), 0)?.id).toBe('b');
    expect(beforeOfResult(null, 0)).toBeNull();
  });
});

describe('editProblem', () => {
  it('asks, in order, for an image, the mode’s count, then a description', () => {
    expect(editProblem('single', editRequest([], 'đen trắng'))).toBe('missingImage');
    expect(editProblem('multi', editRequest([], ''))).toBe('missingImage');
    expect(editProblem('multi', editRequest([a], ''))).toBe('imageCount');
    expect(editProblem('single', editRequest([a, b], ''))).toBe('singleOnly');
    expect(editProblem('multi', editRequest([a, b], '   '))).toBe('missingPrompt');
    expect(editProblem('multi', editRequest([a, b], 'đen trắng'))).toBeNull();
    expect(editProblem('single', editRequest([a], 'đen trắng'))).toBeNull();
  });

  it('refuses more than ten images in multi mode', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => makeAsset({ id: `x${index}` }));
    expect(editProblem('multi', editRequest(eleven, 'đen trắng'))).toBe('imageCount');
  });

  it('sends the ids in order and the description trimmed', () => {
    expect(editRequest([b, a], '  làm nét ')).toEqual({ feature: 'image-editing', inputs: { images: ['b', 'a'] }, params: { prompt: 'làm nét' } });
  });
});

function renderStrip(count: number, selected = 0) {
  const picked: number[] = [];
  const results = Array.from({ length: count }, (_, index) => makeAsset({ id: `r${index}` }));
  renderWithProviders(<ResultStrip results={results} selected={selected} onSelect={(index) => picked.push(index)} />);
  return picked;
}

describe('ResultStrip', () => {
  it('shows nothing for a single result', () => {
    renderStrip(1);
    expect(screen.queryByTestId('edit-results')).toBeNull();
  });

  it('shows one toggle per result, the selected one pressed, and reports a choice', () => {
    const picked = renderStrip(3, 1);
    const thumbs = screen.getAllByTestId('edit-result-thumb');
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(thumbs[2]!.getAttribute('aria-label')).toBe('Kết quả 3 trên 3');
    fireEvent.click(thumbs[2]!);
    expect(picked).toEqual([2]);
  });
});
