// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HAIR_MASK_MESSAGES, type HairMaskResponse } from '../../../../contract/hair-mask.ts';
import { ApiError } from '../../../../lib/api.ts';
import { messages as en } from '../../../../locales/en/lazy/hair-proposal.po';
import { renderWithProviders } from '../../../../../tests/fixtures/render.tsx';
import { HairProposal } from './HairProposal.tsx';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

const ANSWER: HairMaskResponse = { png: 'iVBORw0KGgo=', width: 4, height: 2, coverage: 0.25 };
const MASK = new Uint8ClampedArray([255, 255, 0, 0, 0, 0, 0, 0]);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderProposal(propose: (id: string) => Promise<HairMaskResponse>, options: { painted?: boolean; english?: boolean } = {}) {
  const onProposal = vi.fn<(mask: Uint8ClampedArray) => void>();
  const decode = vi.fn<(answer: HairMaskResponse, width: number, height: number) => Promise<Uint8ClampedArray>>(() => Promise.resolve(MASK));
  const i18n = options.english ? setupI18n({ locale: 'en', messages: { en } }) : undefined;
  renderWithProviders(
    <HairProposal imageId="asset-1" width={4} height={2} painted={options.painted ?? false} onProposal={onProposal} propose={propose} decode={decode} />,
    i18n ? { i18n } : {},
  );
  return { onProposal, decode };
}

const root = () => screen.getByTestId('hair-proposal');
const button = () => screen.getByTestId('hair-proposal-button') as HTMLButtonElement;
const status = () => screen.getByTestId('hair-proposal-status');

describe('the proposed hair area button', () => {
  it('asks for the proposal, shows it loading, then hands the mask to the editor', async () => {
    const answer = deferred<HairMaskResponse>();
    const propose = vi.fn<(id: string) => Promise<HairMaskResponse>>(() => answer.promise);
    const { onProposal, decode } = renderProposal(propose);
    expect(root().dataset.state).toBe('idle');
    expect(button().textContent).toBe('Đề xuất vùng tóc');
    expect(status().textContent).toContain('Miễn phí');

    fireEvent.click(button());
    expect(propose).toHaveBeenCalledWith('asset-1', expect.any(AbortSignal));
    expect(root().dataset.state).toBe('loading');
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().textContent).toBe('Đang đề xuất vùng tóc…');

    await act(async () => answer.resolve(ANSWER));
    await waitFor(() => expect(root().dataset.state).toBe('done'));
    expect(decode).toHaveBeenCalledWith(ANSWER, 4, 2);
    expect(onProposal).toHaveBeenCalledWith(MASK);
    expect(button().disabled).toBe(false);
    expect(status().textContent).toContain('Dùng cọ và tẩy');
  });

  it('says a photo without a face plainly, as an alert, and tries again', async () => {
    const propose = vi
      .fn<(id: string) => Promise<HairMaskResponse>>()
      .mockRejectedValueOnce(new ApiError(HAIR_MASK_MESSAGES.noFaceFound, 422, { code: 'noFaceFound', detail: HAIR_MASK_MESSAGES.noFaceFound }))
      .mockResolvedValueOnce(ANSWER);
    const { onProposal } = renderProposal(propose);
    fireEvent.click(button());
    await waitFor(() => expect(root().dataset.state).toBe('failed'));
    expect(status().getAttribute('role')).toBe('alert');
    expect(status().textContent).toContain('Không tìm thấy khuôn mặt');
    expect(onProposal).not.toHaveBeenCalled();
    expect(button().textContent).toBe('Đề xuất lại vùng tóc');

    fireEvent.click(button());
    await waitFor(() => expect(root().dataset.state).toBe('done'));
    expect(onProposal).toHaveBeenCalledTimes(1);
  });

  it('words the hourly limit and any other failure in English too', async () => {
    renderProposal(() => Promise.reject(new ApiError('', 429, { code: 'tooManyProposals' })), { english: true });
    fireEvent.click(button());
    await waitFor(() => expect(root().dataset.state).toBe('failed'));
    expect(status().textContent).toBe(
      'You have asked for many hair area proposals in the last hour. Please try again later, or paint the hair with the brush.',
    );
    cleanup();
    renderProposal(() => Promise.reject(new TypeError('Failed to fetch')), { english: true });
    fireEvent.click(button());
    await waitFor(() => expect(root().dataset.state).toBe('failed'));
    expect(status().textContent).toBe('The hair area could not be proposed. Please try again.');
  });

  it('is off while offline, saying why, and warns that a painting would be replaced', async () => {
    const propose = vi.fn<(id: string) => Promise<HairMaskResponse>>(() => Promise.resolve(ANSWER));
    act(() => onlineManager.setOnline(false));
    renderProposal(propose, { painted: true });
    expect(root().dataset.state).toBe('offline');
    expect(button().disabled).toBe(true);
    expect(status().textContent).toContain('kết nối mạng');
    act(() => onlineManager.setOnline(true));
    expect(root().dataset.state).toBe('idle');
    expect(button().disabled).toBe(false);
    expect(status().textContent).toContain('có thể hoàn tác');
  });
});
