import { describe, expect, it } from 'vitest';
import { createConsoleStore } from '../../src/store';

describe('console store', () => {
  it('keeps the sidebar flag in local storage across a reset (sign-out) and a new page load', () => {
    const store = createConsoleStore();
    store.setup();
    store.setItem('sidebar.open', false);
    store.setItem('products.listParams', { page: 2 });
    store.reset();
    store.teardown();
    const reloaded = createConsoleStore();
    reloaded.setup();
    expect(reloaded.getItem('sidebar.open')).toBe(false);
    expect(reloaded.getItem('products.listParams')).toBeUndefined();
  });
});

describe('the light/dark choice', () => {
  it('survives sign-out and sits where the public pages read it (THEME_STORAGE_KEY)', async () => {
    const { THEME_STORAGE_KEY } = await import('../../src/theme');
    const store = createConsoleStore();
    store.setup();
    store.setItem('theme', 'dark');
    store.reset();
    store.teardown();
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null')).toBe('dark');
    const reloaded = createConsoleStore();
    reloaded.setup();
    expect(reloaded.getItem('theme')).toBe('dark');
    reloaded.teardown();
  });
});
