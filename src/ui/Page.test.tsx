// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { LoadStates, Page, type LoadStatesProps } from './Page.tsx';
import { renderWithProviders } from '../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

type Query = LoadStatesProps<string[]>['query'];
const query = (patch: Partial<Query>): Query => ({
  status: 'pending',
  data: undefined,
  error: null,
  fetchStatus: 'fetching',
  refetch: vi.fn<() => void>(),
  ...patch,
});

function renderStates(state: Query, offline: string | null = 'Ngoại tuyến') {
  return renderWithProviders(
    <LoadStates
      query={state}
      loading="Đang tải…"
      renderError={(message) => `Không tải được: ${message}`}
      offline={offline ?? undefined}
      isEmpty={(items) => items.length === 0}
      empty="Chưa có gì"
      testId="things"
    >
      {(items) => (
        <ul data-testid="things-list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </LoadStates>,
  );
}

describe('Page', () => {
  it('shows one h1, the words around it and the actions', () => {
    renderWithProviders(
      <Page title="Thư viện" eyebrow="Quản trị" lead="Mọi tệp" actions={<button type="button">Tải lên</button>} titleId="t" testId="page">
        <p>nội dung</p>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thư viện');
    expect(screen.getByRole('heading', { level: 1 }).id).toBe('t');
    expect(screen.getByTestId('page').textContent).toContain('Quản trị');
    expect(screen.getByTestId('page').textContent).toContain('Mọi tệp');
    expect(screen.getByRole('button', { name: 'Tải lên' })).toBeTruthy();
    expect(screen.getByText('nội dung')).toBeTruthy();
  });
});

describe('LoadStates', () => {
  it('says it is loading while the first answer is on its way', () => {
    renderStates(query({}));
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
  });

  it('says it is offline when the query waits for the network, and loading when it has no offline words', () => {
    renderStates(query({ fetchStatus: 'paused' }));
    expect(screen.getByTestId('things-offline').textContent).toContain('Ngoại tuyến');
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderStates(query({ fetchStatus: 'paused' }), null);
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
  });

  it('shows the error as an alert whose Retry asks again', () => {
    const state = query({ status: 'error', error: new Error('máy chủ bận') });
    renderStates(state);
    expect(screen.getByRole('alert').textContent).toContain('Không tải được: máy chủ bận');
    fireEvent.click(screen.getByTestId('things-retry'));
    expect(state.refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeTruthy();
  });

  it('shows the empty words for an empty answer and the content otherwise', () => {
    renderStates(query({ status: 'success', data: [], fetchStatus: 'idle' }));
    expect(screen.getByTestId('things-empty').textContent).toContain('Chưa có gì');
    cleanup();
    renderStates(query({ status: 'success', data: ['a', 'b'], fetchStatus: 'idle' }));
    expect(screen.getByTestId('things-list').textContent).toBe('ab');
  });
});
