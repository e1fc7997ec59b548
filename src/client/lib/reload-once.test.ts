import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOrReloadOnce } from './reload-once';

/** The part of a browser window loadOrReloadOnce uses: session storage and reload. */
function fakeWindow() {
  const stored = new Map<string, string>();
  const reload = vi.fn();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal('window', { sessionStorage, location: { reload } });
  return { reload };
}

const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
const settled = async (promise: Promise<unknown>) => Promise.race([promise.then(() => 'loaded', () => 'thrown'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);

describe('loadOrReloadOnce', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('returns what loads without reloading', async () => {
    const { reload } = fakeWindow();
    await expect(loadOrReloadOnce(() => Promise.resolve(7))).resolves.toBe(7);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on the first failure and throws the same failure after the reload, even if another load succeeded between', async () => {
    const { reload } = fakeWindow();
    expect(await settled(loadOrReloadOnce(failing))).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    // After the reload: the header's menu loads, then the page fails again.
    await loadOrReloadOnce(() => Promise.resolve('menu'));
    vi.advanceTimersByTime(2_000);
    await expect(loadOrReloadOnce(failing)).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a failure long after the last reload (a later release)', async () => {
    const { reload } = fakeWindow();
    void loadOrReloadOnce(failing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(10 * 60_000);
    expect(await settled(loadOrReloadOnce(failing))).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when session storage is unavailable, so it cannot loop', async () => {
    const reload = vi.fn();
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
      location: { reload },
    });
    await expect(loadOrReloadOnce(failing)).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });
});
