// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';
import { hasSeenTutorial } from './seen.ts';
import { TutorialHelpButton } from './TutorialHelpButton.tsx';
import { TutorialHost } from './TutorialHost.tsx';
import { useScreenTutorial } from './use-screen-tutorial.ts';
import { tutorialControllerAtom, useTutorial } from './use-tutorial.ts';
import type { TutorialConfig } from './types.ts';

const tour: TutorialConfig & { id: string } = {
  id: 'test-tour',
  steps: [
    { id: 'one', title: 'Bước một', content: 'Nội dung một' },
    { id: 'two', title: 'Bước hai', content: 'Nội dung hai' },
  ],
};

function Screen({ autoStart }: { autoStart?: boolean }) {
  const { start, isActive } = useScreenTutorial(tour, { autoStart });
  return <TutorialHelpButton onStart={start} disabled={isActive} />;
}

function Other() {
  const { start } = useTutorial();
  return (
    <button type="button" onClick={() => start({ steps: [{ id: 'x', title: 'Khác', content: 'Khác' }] })}>
      other
    </button>
  );
}

function renderApp(children: React.ReactNode, store = createStore()) {
  const view = renderWithProviders(
    <>
      {children}
      <TutorialHost />
    </>,
    { store, reactStrictMode: true },
  );
  return { ...view, store };
}

beforeAll(() => {
  i18n.load('vi', {});
  i18n.activate('vi');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useScreenTutorial and TutorialHost', () => {
  it('offers the tour the first time (even under StrictMode), marks it seen, and not again', async () => {
    const first = renderApp(<Screen />);
    expect(await screen.findByRole('dialog', { name: 'Bước một' })).toBeTruthy();
    expect(hasSeenTutorial('test-tour')).toBe(true);
    expect((screen.getByTestId('tutorial-help') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    renderApp(<Screen />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The help button starts it again.
    fireEvent.click(screen.getByRole('button', { name: 'Xem hướng dẫn' }));
    expect(await screen.findByRole('dialog', { name: 'Bước một' })).toBeTruthy();
  });

  it('waits with autoStart false, and refuses another tour while one runs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = renderApp(
      <>
        <Screen autoStart={false} />
        <Other />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hasSeenTutorial('test-tour')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Xem hướng dẫn' }));
    expect(await screen.findByRole('dialog', { name: 'Bước một' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'other' }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(store.get(tutorialControllerAtom).getSnapshot().config?.id).toBe('test-tour');
    warn.mockRestore();
  });

  it('leaving the screen stops its tour at once', async () => {
    const { rerender, store } = renderApp(<Screen />);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    rerender(<TutorialHost />);
    expect(store.get(tutorialControllerAtom).getSnapshot().status).toBe('inactive');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
