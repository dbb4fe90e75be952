// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { FIXTURE } from './fixture.test-data.ts';
import { Reference } from './Reference.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));

const fetchMock = vi.fn<typeof fetch>();
let online = true;
beforeEach(() => {
  online = true;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const show = () => renderWithProviders(<Reference origin="https://atelier.example" />);

describe('the API reference', () => {
  it('says it is loading while the document is on its way, fetched from /v1/openapi.json', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    show();
    expect(screen.getByTestId('reference-loading').textContent).toBe('Đang tải tài liệu tham chiếu…');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/v1/openapi.json');
  });

  it('shows an error with Retry when the server fails, and the reference once Retry works', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'down' }, 503)).mockResolvedValueOnce(json(FIXTURE));
    show();
    const error = await screen.findByTestId('reference-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByText('Không tải được tài liệu tham chiếu')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reference-retry'));
    expect(await screen.findByTestId('reference')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a document that is not OpenAPI 3 (an HTML page or another JSON) with the error state', async () => {
    fetchMock.mockResolvedValueOnce(json({ swagger: '2.0', info: {} }));
    show();
    expect(await screen.findByTestId('reference-error')).toBeTruthy();
  });

  it('offline: says so (the fetch fails at once), then loads by itself when the network returns', async () => {
    online = false;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(FIXTURE));
    show();
    expect((await screen.findByTestId('reference-offline')).textContent).toContain('Bạn đang ngoại tuyến');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByTestId('reference')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a network failure while online is an error to retry, not "offline"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    show();
    expect(await screen.findByTestId('reference-error')).toBeTruthy();
    expect(screen.queryByTestId('reference-offline')).toBeNull();
  });

  it('renders each operation with its method, path, summary, parameters, responses, then the webhooks', async () => {
    fetchMock.mockResolvedValueOnce(json(FIXTURE));
    show();
    await screen.findByTestId('reference');
    const ops = screen.getAllByTestId('operation');
    expect(ops.map((op) => op.dataset.operation)).toEqual([
      'op-uploadmedia',
      'op-listgenerations',
      'op-creategeneration',
      'op-getgeneration',
      'op-openapi',
      'webhook-generationended',
    ]);
    const create = ops[2]!;
    expect(create.id).toBe('op-creategeneration');
    expect(within(create).getByRole('heading', { level: 4 }).textContent).toBe('post/generations');
    expect(within(create).getByText('Create a generation')).toBeTruthy();
    expect(
      within(create)
        .getAllByTestId('parameter')
        .map((row) => row.querySelector('code')!.textContent),
    ).toEqual(['Idempotency-Key']);
    expect(
      within(create)
        .getAllByTestId('response')
        .map((r) => r.dataset.status),
    ).toEqual(['202', '402', '429']);
    const tooMany = within(create).getAllByTestId('response')[2]!;
    expect(tooMany.textContent).toContain('RateLimit-Policy: "token";q=60;w=60');
    expect(tooMany.textContent).toContain('Retry-After');
    // The path's own parameter reaches its operation.
    expect(within(ops[3]!).getAllByTestId('parameter')[0]!.textContent).toBe('idbắt buộcpathstring');
    expect(within(ops[4]!).getByText('Không cần token.')).toBeTruthy();
    // The webhook shows its signature headers and its payload, and no call samples.
    expect(
      within(ops[5]!)
        .getAllByTestId('parameter')
        .map((row) => row.querySelector('code')!.textContent),
    ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(within(ops[5]!).queryByTestId('code-samples')).toBeNull();
    // The index links to each operation's anchor.
    expect(document.querySelector('a[href="#op-getgeneration"]')!.textContent).toBe('get\u00a0/generations/{id}');
    expect(document.querySelector('a[href="#webhook-generationended"]')!.textContent).toBe('post\u00a0generation.completed');
  });

  it('switches the sample between curl, JavaScript and Python by click and by arrow key', async () => {
    fetchMock.mockResolvedValueOnce(json(FIXTURE));
    show();
    await screen.findByTestId('reference');
    const create = screen.getAllByTestId('operation')[2]!;
    const code = () => within(create).getByTestId('sample-code').textContent!;
    expect(code().startsWith(`curl -X POST 'https://atelier.example/v1/generations'`)).toBe(true);
    fireEvent.click(within(create).getByRole('tab', { name: 'Python' }));
    expect(code().startsWith('import os\nimport uuid')).toBe(true);
    fireEvent.keyDown(within(create).getByRole('tab', { name: 'Python' }), { key: 'ArrowLeft' });
    expect(within(create).getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
    expect(code().startsWith(`const response = await fetch('https://atelier.example/v1/generations', {`)).toBe(true);
  });

  it('copies the shown sample, and says so when the clipboard refuses', async () => {
    fetchMock.mockResolvedValueOnce(json(FIXTURE));
    const writeText = vi
      .fn<(text: string) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    show();
    await screen.findByTestId('reference');
    const list = screen.getAllByTestId('operation')[1]!;
    fireEvent.click(within(list).getByTestId('copy-code'));
    await waitFor(() => expect(within(list).getByTestId('copy-code').textContent).toBe('Đã sao chép'));
    expect(writeText).toHaveBeenCalledWith(within(list).getByTestId('sample-code').textContent);
    fireEvent.click(within(list).getByRole('tab', { name: 'Python' }));
    fireEvent.click(within(list).getByTestId('copy-code'));
    await waitFor(() => expect(within(list).getByRole('status').textContent).toBe('Không sao chép được. Hãy chọn đoạn mã rồi sao chép thủ công.'));
    expect(within(list).getByTestId('copy-code').textContent).toBe('Sao chép');
  });
});
