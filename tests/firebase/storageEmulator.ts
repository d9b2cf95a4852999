import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// firebase-tools' Cloud Storage emulator, started in process WITHOUT its Java rules runtime. This relies on internals
// of firebase-tools 15.34.2 (pinned in tests/firebase/package.json; lib/emulator/storage/index.js and server.js):
// the StorageEmulator class, its private _storageLayer/_adminStorageLayer/_rulesManager, getPersistenceTmpDir(),
// createApp() and
// EmulatorRegistry.set().
// Every request is allowed (the admin-only validator): storage rules are NOT evaluated here (npm run test:rules does).

interface StorageEmulatorLike {
  args: { port: number };
  _storageLayer: unknown;
  _adminStorageLayer: unknown;
  _rulesManager: unknown;
  reset: () => void;
}
type StorageEmulatorClass = new (args: Record<string, unknown>) => StorageEmulatorLike;
/** An express app: a request handler that can also listen. */
interface ExpressLike {
  (req: IncomingMessage, res: ServerResponse): void;
  listen: (port: number, host: string, ready: () => void) => Server;
}

/**
 * Starts the Storage emulator on a free 127.0.0.1 port (or on `bound`, a server already listening) with blobs in a
 * temporary folder of its own.
 */
export async function startStorageEmulator(
  projectId: string,
  bound?: Server,
): Promise<{ host: string; stop: () => Promise<void> }> {
  const requireHere = createRequire(import.meta.url);
  const { StorageEmulator } = requireHere('firebase-tools/lib/emulator/storage') as {
    StorageEmulator: StorageEmulatorClass;
  };
  const { createApp } = requireHere('firebase-tools/lib/emulator/storage/server') as {
    createApp: (projectId: string, emulator: StorageEmulatorLike) => Promise<ExpressLike>;
  };
  const blobs = mkdtempSync(join(tmpdir(), 'linen-storage-'));
  // Its own blob folder: the default one under os.tmpdir() is shared by every emulator on the machine and wiped on
  // stop.
  class LocalStorageEmulator extends StorageEmulator {
    getPersistenceTmpDir(): string {
      return blobs;
    }
  }
  const emulator = new LocalStorageEmulator({
    projectId,
    host: '127.0.0.1',
    port: 0,
    rules: { name: 'none', content: '' },
    auto_download: false,
  });
  // The rules runtime is Java 21 and a downloaded jar: not started; every request goes through as the admin's would.
  emulator._storageLayer = emulator._adminStorageLayer;
  // The request handlers only ask whether some ruleset is loaded; this stand-in is never evaluated.
  emulator._rulesManager = { getRuleset: () => ({ stub: true }), start: async () => [], stop: async () => undefined };
  const app = await createApp(projectId, emulator);
  const server =
    bound ??
    (await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    }));
  if (bound) bound.on('request', app);
  const { port } = server.address() as AddressInfo;
  // Download addresses and bucket metadata ask firebase-tools' registry where the Storage emulator runs.
  emulator.args.port = port;
  const { EmulatorRegistry } = requireHere('firebase-tools/lib/emulator/registry') as {
    EmulatorRegistry: { set: (name: string, instance: unknown) => void; clear: (name: string) => void };
  };
  EmulatorRegistry.set('storage', emulator);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        EmulatorRegistry.clear('storage');
        rmSync(blobs, { recursive: true, force: true });
        resolve();
      });
    });
  return { host: `127.0.0.1:${port}`, stop };
}
