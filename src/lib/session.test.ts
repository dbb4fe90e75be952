import { describe, it, expect } from 'vitest';
import { createStore } from 'jotai';
import { displayName, initials, isAdmin, sessionUserAtom, type SessionUser } from './session.ts';

const base: SessionUser = { id: 'u1', email: 'lan.nguyen@example.vn', role: 'user' };

describe('displayName', () => {
  it('prefers displayName, then name', () => {
    expect(displayName({ ...base, displayName: 'Lan Nguyễn', name: 'Nguyễn Thị Lan' })).toBe('Lan Nguyễn');
    expect(displayName({ ...base, name: 'Nguyễn Thị Lan' })).toBe('Nguyễn Thị Lan');
  });

  it('ignores blank names and falls back to the email local part', () => {
    expect(displayName({ ...base, displayName: '   ', name: '' })).toBe('lan.nguyen');
  });

  it("falls back to 'User' without a usable email", () => {
    expect(displayName({ email: '' })).toBe('User');
    expect(displayName({ email: '@example.vn' })).toBe('User');
  });

  it('uses the fallback the caller gives (a translation)', () => {
    expect(displayName({ email: '' }, 'Người dùng')).toBe('Người dùng');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words of the display name', () => {
    expect(initials({ ...base, displayName: 'nguyễn thị lan' })).toBe('NT');
    expect(initials({ ...base, name: 'Đặng  Ánh' })).toBe('ĐÁ');
    expect(initials({ ...base, name: 'Madonna' })).toBe('M');
  });

  it('skips words without a letter', () => {
    expect(initials({ ...base, name: '— (Lan) Hồ' })).toBe('LH');
  });

  it('falls back to the first letter of the email local part', () => {
    expect(initials({ ...base })).toBe('L');
    expect(initials({ ...base, name: '  ' })).toBe('L');
    expect(initials({ email: '_mai@x.vn' })).toBe('M');
  });

  it("falls back to 'U'", () => {
    expect(initials({ email: '' })).toBe('U');
    expect(initials({ email: '@x.vn' })).toBe('U');
  });
});

describe('session atom', () => {
  it('starts as a guest and holds a signed-in user', () => {
    const store = createStore();
    expect(store.get(sessionUserAtom)).toBeNull();
    expect(isAdmin(store.get(sessionUserAtom))).toBe(false);
    store.set(sessionUserAtom, { ...base, role: 'admin' });
    expect(isAdmin(store.get(sessionUserAtom))).toBe(true);
  });
});
