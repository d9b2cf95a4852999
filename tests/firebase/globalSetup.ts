import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startStorageEmulator } from './storageEmulator';
import { startFirestoreFront } from './front';

// The emulators every Firebase test file shares, started once in this (plain Node) process and reached by the test
// workers over 127.0.0.1 on free ports (inject()): the Firebase Auth emulator of firebase-tools (pinned in
// tests/firebase/package.json) from its own express app, with no Java, hub or UI; and the in-process Firestore emulator
// @firestore-emulator/server as patched by tests/firebase/patches (each test file uses a Firestore project of its own);
// and firebase-tools' Storage emulator without its Java rules runtime (storageEmulator.ts: relies on internals);
// and the Firestore front (front/: the browser SDK's REST calls and WebChannel streams, relayed to that emulator).
export const AUTH_PROJECT = 'demo-test';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    firestoreEmulatorPort: number;
    /** The Firestore front (tests/firebase/front) over the same emulator: the browser SDK's REST and WebChannel. */
    firestoreFrontPort: number;
    storageEmulatorHost: string;
  }
}

interface AuthServerModule {
  createApp: (projectId: string) => Promise<{ listen: (port: number, host: string, ready: () => void) => Server }>;
}

interface FirestoreServerLike {
  start: (port: number) => Promise<number>;
  stop: () => void;
}

/** Starts both emulators once for the 'firebase' project; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const requireHere = createRequire(import.meta.url);
  const { createApp } = requireHere('firebase-tools/lib/emulator/auth/server') as AuthServerModule;
  const app = await createApp(AUTH_PROJECT);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  project.provide('authEmulatorHost', `127.0.0.1:${port}`);
  // The CommonJS build is the one the patch changes; its start() binds 127.0.0.1 and resolves with the port.
  const { FirestoreServer } = requireHere('@firestore-emulator/server') as {
    FirestoreServer: new () => FirestoreServerLike;
  };
  const firestore = new FirestoreServer();
  const firestorePort = await firestore.start(0);
  project.provide('firestoreEmulatorPort', firestorePort);
  const front = await startFirestoreFront(firestorePort);
  project.provide('firestoreFrontPort', front.port);
  const storage = await startStorageEmulator(AUTH_PROJECT);
  project.provide('storageEmulatorHost', storage.host);
  return async () => {
    await front.stop();
    firestore.stop();
    await storage.stop();
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  };
}
