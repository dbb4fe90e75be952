// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExpectedDurations } from '../../contract/expected-durations.schema.ts';
import type { GenerationRequest } from '../../contract/generations.schema.ts';
import { useEnginePlan } from './plan-kit.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

const get = vi.hoisted(() => vi.fn<(path: string) => Promise<unknown>>());
vi.mock('../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../lib/api.ts')>()), api: { get } }));

afterEach(() => {
  cleanup();
  get.mockReset();
});

const partial: GenerationRequest = {
  feature: 'image-editing',
  inputs: { images: ['a'] },
  params: { prompt: 'Đổi nền thành màu trắng và làm sản phẩm sáng hơn' },
};

function Probe({ request }: { request: GenerationRequest | null }) {
  const { plan, pending } = useEnginePlan(request);
  return <output data-testid="probe" data-pending={String(pending)} data-plan={plan ? (plan.not_done.length > 0 ? 'partial' : 'full') : 'none'} />;
}

function renderProbe(request: GenerationRequest | null) {
  renderWithProviders(<Probe request={request} />);
  return screen.getByTestId('probe');
}

const local: ExpectedDurations = { items: [{ feature: 'image-editing', engine: 'local', min_seconds: 1, max_seconds: 3, samples: 0 }] };
const fal: ExpectedDurations = { items: [{ feature: 'image-editing', engine: 'fal', min_seconds: 10, max_seconds: 30, samples: 0 }] };

describe('useEnginePlan', () => {
  it('is pending while the engine that runs the tool is being asked, and gives the plan once known', async () => {
    let answer!: (value: ExpectedDurations) => void;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const probe = renderProbe(partial);
    expect(probe.dataset.pending).toBe('true');
    expect(probe.dataset.plan).toBe('none');
    await act(async () => answer(local));
    // The built-in engine's planning loads next; the request stays pending until it has.
    await waitFor(() => expect(probe.dataset.plan).toBe('partial'), { timeout: 10_000 });
    expect(probe.dataset.pending).toBe('false');
  });

  it('waits for nothing when the engine does what it is asked, when the request is incomplete, or when the engine cannot be asked', async () => {
    get.mockResolvedValue(fal);
    const hosted = renderProbe(partial);
    await waitFor(() => expect(hosted.dataset.pending).toBe('false'), { timeout: 10_000 });
    // A hosted model does what it is asked: nothing is left out.
    expect(hosted.dataset.plan).not.toBe('partial');
    cleanup();

    expect(renderProbe(null).dataset.pending).toBe('false');
    cleanup();

    get.mockRejectedValue(new Error('offline'));
    const failed = renderProbe(partial);
    await waitFor(() => expect(failed.dataset.pending).toBe('false'), { timeout: 10_000 });
    expect(failed.dataset.plan).toBe('none');
  });
});
