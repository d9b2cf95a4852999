import type { TestProject } from 'vitest/node';
import { startEmulators } from './emulators';

// The emulators every Firebase test file shares (emulators.ts), started once in this (plain Node) process and reached
// by the test workers over 127.0.0.1 on free ports (inject()). Each test file uses a Firestore project of its own.
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

/** Starts the emulators once for the 'firebase' project; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulators = await startEmulators(AUTH_PROJECT);
  project.provide('authEmulatorHost', emulators.authHost);
  project.provide('firestoreEmulatorPort', emulators.firestorePort);
  project.provide('firestoreFrontPort', emulators.frontPort);
  project.provide('storageEmulatorHost', emulators.storageHost);
  return emulators.stop;
}
