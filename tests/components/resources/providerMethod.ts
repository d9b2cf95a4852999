import type { DataProvider } from 'react-admin';

/**
 * Types a mocked data-provider method: react-admin's methods are generic over the record type,
 * which a mock answering one fixed shape cannot be, so the cast lives here once.
 */
export function providerMethod<K extends keyof DataProvider>(
  _name: K,
  fn: (resource: string, params: Parameters<DataProvider[K]>[1]) => Promise<unknown>,
): DataProvider[K] {
  return fn as unknown as DataProvider[K];
}
