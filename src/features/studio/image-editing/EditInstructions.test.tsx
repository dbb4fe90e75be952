// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EditInstructions } from './EditInstructions.tsx';
import type { EngineName } from '../../../contract/expected-durations.ts';
import type { EditMode } from './edit-suggestions.ts';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.load('vi', {});
  i18n.activate('vi');
});
afterEach(cleanup);

function renderEditor({
  mode: initialMode = 'single' as EditMode,
  imageCount = 1,
  prompt: initialPrompt = '',
  showErrors = false,
  engine = null as EngineName | null,
} = {}) {
  const seen = { prompt: initialPrompt, mode: initialMode };
  function Host() {
    const [mode, setMode] = useState(initialMode);
    const [prompt, setPrompt] = useState(initialPrompt);
    return (
      <EditInstructions
        mode={mode}
        onModeChange={(next) => {
          seen.mode = next;
          setMode(next);
        }}
        imageCount={imageCount}
        prompt={prompt}
        onPromptChange={(next) => {
          seen.prompt = next;
          setPrompt(next);
        }}
        showErrors={showErrors}
        engine={engine}
      />
    );
  }
  renderWithProviders(<Host />);
  return seen;
}

const COUNT_MESSAGE = 'Vui lòng chọn từ 2 đến 10 ảnh.';

describe('EditInstructions', () => {
  it('chips insert their edit into the description', () => {
    const seen = renderEditor({ prompt: 'Tăng độ sáng' });
    fireEvent.click(screen.getByRole('button', { name: 'Đen trắng' }));
    expect(seen.prompt).toBe('Tăng độ sáng, đen trắng');
    fireEvent.click(screen.getByRole('button', { name: 'Cắt 1:1' }));
    expect(seen.prompt).toBe('Tăng độ sáng, đen trắng, cắt 1:1');
    expect((screen.getByTestId('edit-prompt') as HTMLTextAreaElement).value).toBe(seen.prompt);
  });

  it('proposes background removal only on an engine that does it on any photo (docs/product-rules.md#image-editing)', () => {
    // The built-in engine (and an engine not known yet) keys out plain backdrops only: no chip.
    for (const engine of ['local', null] as const) {
      renderEditor({ engine });
      expect(screen.queryByRole('button', { name: 'Xóa nền' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Làm nét' })).toBeTruthy();
      cleanup();
    }
    const seen = renderEditor({ engine: 'fal' });
    fireEvent.click(screen.getByRole('button', { name: 'Xóa nền' }));
    expect(seen.prompt).toBe('Xóa nền');
  });

  it('offers the grid only with several images', () => {
    renderEditor();
    expect(screen.queryByRole('button', { name: 'Ghép lưới' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Nhiều ảnh (2–10)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ghép lưới' }));
    expect((screen.getByTestId('edit-prompt') as HTMLTextAreaElement).value).toBe('Ghép lưới');
  });

  it.each([
    [1, true],
    [2, false],
    [10, false],
    [11, true],
  ])('multi mode with %i images shows the count rule: %s', (imageCount, shown) => {
    renderEditor({ mode: 'multi', imageCount });
    expect(screen.queryByTestId('edit-count-problem')?.textContent ?? null).toBe(shown ? COUNT_MESSAGE : null);
    expect(screen.getByTestId('edit-image-count').textContent).toBe(`Đã chọn ${imageCount}/10 ảnh`);
  });

  it('switching to multi mode with one image shows the rule; single mode with several says so', () => {
    const seen = renderEditor({ imageCount: 1 });
    expect(screen.queryByTestId('edit-count-problem')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Nhiều ảnh (2–10)' }));
    expect(seen.mode).toBe('multi');
    expect(screen.getByRole('alert').textContent).toBe(COUNT_MESSAGE);
    cleanup();
    renderEditor({ imageCount: 3 });
    expect(screen.getByTestId('edit-count-problem').textContent).toContain('Chế độ một ảnh chỉ dùng 1 ảnh.');
  });

  it('asks for a description only after a Generate attempt', () => {
    renderEditor();
    expect(screen.queryByText('Vui lòng mô tả những chỉnh sửa bạn muốn.')).toBeNull();
    cleanup();
    renderEditor({ showErrors: true });
    expect(screen.getByText('Vui lòng mô tả những chỉnh sửa bạn muốn.')).toBeTruthy();
    expect(screen.getByTestId('edit-prompt').getAttribute('aria-invalid')).toBe('true');
  });

  it('links to the image editing guidelines', () => {
    renderEditor();
    expect(screen.getByRole('link', { name: 'Xem hướng dẫn chỉnh sửa ảnh' }).getAttribute('href')).toBe('/guidelines/image-editing');
  });
});
