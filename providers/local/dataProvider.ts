import type { MeUpdate, User } from '../../domain/users';
import type { ImportResult } from '../../domain/productImport';
import type { AppDataProvider } from '../types';
import { subscribeAppStatus } from './appStatus';
import { api } from './http';
import { restMethods } from './rest';
import { storeUser } from './userStorage';
import { uploadImage } from './uploads';

/** The data provider for our server: the standard REST calls plus the console's own. */
export function createDataProvider(): AppDataProvider {
  return {
    ...restMethods(),
    subscribeAppStatus: (listener) => subscribeAppStatus(listener),
    getMe: () => api<User>('/api/me'),
    updateMe: async (data: MeUpdate) => {
      const user = await api<User>('/api/me', { method: 'PATCH', body: data });
      // The header and the stored record show the new name at once.
      storeUser(user);
      return user;
    },
    uploadImage: async (file, callbacks) => uploadImage(file, callbacks),
    importProducts: (request) => api<ImportResult>('/api/products/import', { method: 'POST', body: request }),
  };
}
