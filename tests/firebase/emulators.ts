import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startStorageEmulator } from './storageEmulator';
import { startFirestoreFront } from './front';

// The emulators on free ports of 127.0.0.1, in this process: firebase-tools' Auth emulator from its express app (no
// Java, hub or UI); the in-process Firestore emulator @firestore-emulator/server as patched by tests/firebase/patches
// (gRPC, for the Node SDK); the Firestore front over it (front/: REST and WebChannel, for the browser SDK); and
// firebase-tools' Storage emulator without its Java rules runtime (storageEmulator.ts: relies on internals).
// Used by the tests' global setup and by `npm run firebase:local`.

export interface Emulators {
  /** `127.0.0.1:<port>` of the Auth emulator. */
  authHost: string;
  /** The Firestore emulator's gRPC port (the Node SDK). */
  firestorePort: number;
  /** The Firestore front's port (the browser SDK). */
  frontPort: number;
  /** `127.0.0.1:<port>` of the Storage emulator. */
  storageHost: string;
  stop: () => Promise<void>;
}

interface AuthServerModule {
  createApp: (projectId: string) => Promise<{
    (req: IncomingMessage, res: ServerResponse): void;
    listen: (port: number, host: string, ready: () => void) => Server;
  }>;
}

/**
 * Listening sockets for the three emulators a browser reaches (Auth, the Firestore front, Storage), bound before the
 * emulators load (firebase-tools takes seconds to start): a build that must name their addresses can start at once,
 * and no other process can take a port in between. startEmulators then serves on them.
 */
export interface EmulatorSockets {
  auth: Server;
  front: Server;
  storage: Server;
}

const host = (server: Server): string => `127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Binds the three sockets on free ports of 127.0.0.1; their addresses are `emulatorHosts(sockets)`. */
export async function bindEmulatorSockets(): Promise<EmulatorSockets> {
  const bind = () =>
    new Promise<Server>((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => resolve(s));
    });
  const [auth, front, storage] = await Promise.all([bind(), bind(), bind()]);
  return { auth, front, storage };
}

/** The `127.0.0.1:<port>` of each bound socket. */
export const emulatorHosts = (s: EmulatorSockets): { auth: string; firestore: string; storage: string } => ({
  auth: host(s.auth),
  firestore: host(s.front),
  storage: host(s.storage),
});

type Middleware = (spec: unknown, options: Record<string, unknown>) => unknown;
const lazy = new WeakSet<object>();

/**
 * The Auth emulator's createApp hands Identity Toolkit's whole OpenAPI document to exegesis, which compiles a validator
 * for every operation up front: some 14 s of CPU, most of the emulators' start. exegesis can compile each one at its
 * first request instead (its option lazyCompileValidationSchemas; requests are validated all the same), which
 * firebase-tools does not ask for: its exegesis-express is asked so here (relies on internals, as storageEmulator.ts).
 */
function compileAuthSchemasLazily(requireHere: NodeJS.Require): void {
  const fromTools = createRequire(requireHere.resolve('firebase-tools/lib/emulator/auth/server'));
  const exegesis = fromTools('exegesis-express') as { middleware: Middleware };
  if (lazy.has(exegesis)) return;
  const middleware = exegesis.middleware;
  exegesis.middleware = (spec, options) => middleware(spec, { ...options, lazyCompileValidationSchemas: true });
  lazy.add(exegesis);
}

interface FirestoreServerLike {
  start: (port: number) => Promise<number>;
  stop: () => void;
}

/**
 * Starts all four, on free ports or on `sockets` bound beforehand; `authProject` is the Auth and Storage emulators'
 * project (Firestore takes any project).
 */
export async function startEmulators(authProject: string, sockets?: EmulatorSockets): Promise<Emulators> {
  const requireHere = createRequire(import.meta.url);
  compileAuthSchemasLazily(requireHere);
  const { createApp } = requireHere('firebase-tools/lib/emulator/auth/server') as AuthServerModule;
  const app = await createApp(authProject);
  const auth =
    sockets?.auth ??
    (await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    }));
  if (sockets) auth.on('request', app);
  // The CommonJS build is the one the patch changes; its start() binds 127.0.0.1 and resolves with the port.
  const { FirestoreServer } = requireHere('@firestore-emulator/server') as {
    FirestoreServer: new () => FirestoreServerLike;
  };
  const firestore = new FirestoreServer();
  const firestorePort = await firestore.start(0);
  const front = await startFirestoreFront(firestorePort, 0, sockets?.front);
  const storage = await startStorageEmulator(authProject, sockets?.storage);
  return {
    authHost: host(auth),
    firestorePort,
    frontPort: front.port,
    storageHost: storage.host,
    stop: async () => {
      await front.stop();
      firestore.stop();
      await storage.stop();
      await new Promise<void>((resolve) => {
        auth.closeAllConnections();
        auth.close(() => resolve());
      });
    },
  };
}
