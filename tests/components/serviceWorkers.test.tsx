import { describe, expect, it, vi } from 'vitest';
import { unregisterServiceWorkers } from '../../src/serviceWorkers';

describe('service workers on start', () => {
  it('unregisters every registered worker', async () => {
    const registrations = [{ unregister: vi.fn(async () => true) }, { unregister: vi.fn(async () => true) }];
    const container = { getRegistrations: vi.fn(async () => registrations) } as unknown as ServiceWorkerContainer;
    await unregisterServiceWorkers(container);
    for (const r of registrations) expect(r.unregister).toHaveBeenCalled();
  });

  it('does nothing, without failing, where the browser has no service workers', async () => {
    await expect(unregisterServiceWorkers(undefined)).resolves.toBeUndefined();
  });
});
