// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import * as v from 'valibot';
import type { User } from '../../contract/auth.schema.ts';
import { GenerationRequestSchema } from '../../contract/generations.schema.ts';
import { sessionStatusAtom, sessionUserAtom } from '../../lib/session.ts';
import { authKeys } from '../auth/api.ts';
import { costOf, setKnownBalance, useCredits } from './credits.ts';
import { jsonResponse, tryOnInputs } from '../../../tests/fixtures/test-data.ts';
import { renderHookWithProviders } from '../../../tests/fixtures/render.tsx';

const user: User = {
  id: 'u1',
  name: 'Lan',
  email: 'lan@example.com',
  profile_picture: null,
  language: 'vi',
  role: 'user',
  plan: 'free',
  credits: 3,
  is_verified: true,
  created_at: '2025-01-01T00:00:00.000Z',
  last_login_at: null,
};

afterEach(() => vi.unstubAllGlobals());

function render(store = createStore()) {
  return renderHookWithProviders(() => useCredits(), { store });
}

describe('costOf', () => {
  it("prices requests with the contract's rules", () => {
    expect(costOf({ feature: 'virtual-tryon', inputs: tryOnInputs('m', 'a', 'b'), params: {} })).toBe(2);
    expect(costOf({ feature: 'image-to-video', inputs: { image: 'i' }, params: { model: 'seedance-v1', duration: 5, resolution: '480p' } })).toBe(2);
    // The parameters' defaults are filled in as the server does.
    expect(costOf(v.parse(GenerationRequestSchema, { feature: 'upscaler-image', inputs: { image: 'i' }, params: { factor: 4 } }))).toBe(2);
    expect(costOf(v.parse(GenerationRequestSchema, { feature: 'upscaler-image', inputs: { image: 'i' }, params: {} }))).toBe(1);
    expect(costOf(v.parse(GenerationRequestSchema, { feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 3 } }), 25)).toBe(12);
  });

  it('is null for a combination the model does not offer', () => {
    expect(costOf({ feature: 'image-to-video', inputs: { image: 'i' }, params: { model: 'veo3', duration: 5, resolution: '480p' } })).toBeNull();
  });
});

describe('useCredits', () => {
  it("shows the cached balance, then the profile's", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(user)),
    );
    const store = createStore();
    store.set(sessionUserAtom, { id: 'u1', email: user.email, role: 'user', credits: 5 });
    store.set(sessionStatusAtom, 'signed-in');
    const { result, client } = render(store);
    expect(result.current.balance).toBe(5);
    await waitFor(() => expect(result.current.balance).toBe(3));

    // A 402 told a newer balance: it shows at once.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ ...user, credits: 1 })),
    );
    setKnownBalance(client, 1);
    await waitFor(() => expect(result.current.balance).toBe(1));
    expect(client.getQueryData<User>(authKeys.profile())?.credits).toBe(1);
  });

  it('is null when signed out, without asking the server', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render();
    expect(result.current.balance).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
