import type { AppAuthProvider, AppDataProvider } from '../types';
import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';

/** The provider set that talks to our own server (same origin, cookie session). */
export function createLocalBackend(): { authProvider: AppAuthProvider; dataProvider: AppDataProvider } {
  return { authProvider: createAuthProvider(), dataProvider: createDataProvider() };
}
