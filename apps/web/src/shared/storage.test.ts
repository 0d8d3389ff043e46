import { afterEach, describe, expect, test } from 'vitest';
import { readStored, removeStored, setStorageApplicationId, storageKey, writeStored } from './storage.ts';

afterEach(() => {
  setStorageApplicationId('');
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage keys', () => {
  test('one fixed prefix plus the kind of datum', () => {
    expect(storageKey('token')).toBe('platform__token');
    expect(storageKey('language')).toBe('platform__language');
  });

  test('the application id goes between prefix and kind', () => {
    setStorageApplicationId('crm');
    expect(storageKey('language')).toBe('platform__crm__language');
  });

  test('values come back with their type', () => {
    writeStored('a', 1);
    writeStored('b', { x: true });
    writeStored('c', 'zh-TW');
    expect(localStorage.getItem('platform__a')).toBe('1');
    expect(readStored('a')).toBe(1);
    expect(readStored('b')).toEqual({ x: true });
    expect(readStored('c')).toBe('zh-TW');
    removeStored('a');
    expect(readStored('a')).toBeUndefined();
  });

  test('session storage on request, and garbage reads as nothing', () => {
    writeStored('lock', true, { session: true });
    expect(sessionStorage.getItem('platform__lock')).toBe('true');
    expect(readStored('lock')).toBeUndefined();
    localStorage.setItem('platform__bad', '{nope');
    expect(readStored('bad')).toBeUndefined();
  });
});
