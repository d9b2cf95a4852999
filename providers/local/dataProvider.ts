import type { MeUpdate, User } from '../../domain/users';
import type { ImportResult } from '../../domain/productImport';
import type { HistoryPage } from '../../domain/history';
import type { Product } from '../../domain/products';
import type { SavedView } from '../../domain/views';
import type { AccountSessions } from '../../domain/account';
import type { AppDataProvider } from '../types';
import { subscribeAppStatus } from './appStatus';
import { api } from './http';
import { PAGE_SIZE } from '../../domain/constants';
import { restMethods } from './rest';
import { storeUser } from './userStorage';
import { uploadImage } from './uploads';

/** Where each kind of record's history is read: under the record's own address. */
const HISTORY_OF = { product: 'products', user: 'users', language: 'languages' } as const;

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
    getHistory: ({ kind, id }, page = {}) => {
      const query = new URLSearchParams({ limit: String(page.limit ?? PAGE_SIZE) });
      if (page.after) query.set('after', page.after);
      return api<HistoryPage>(`/api/${HISTORY_OF[kind]}/${encodeURIComponent(id)}/history?${query}`);
    },
    undoHistory: (entryId, version) =>
      api<Product>(`/api/history/${encodeURIComponent(entryId)}/undo`, { method: 'POST', headers: { 'If-Match': `"${version}"` } }),
    listViews: async () => (await api<{ items: SavedView[] }>('/api/views')).items,
    saveView: (view) => api<SavedView>('/api/views', { method: 'POST', body: view }),
    removeView: async (id) => void (await api(`/api/views/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    // better-auth's own routes where they fit (the server ends the other sessions whatever the body says), ours to list by id.
    changePassword: async ({ currentPassword, newPassword }) => {
      await api('/api/auth/change-password', { method: 'POST', body: { currentPassword, newPassword, revokeOtherSessions: true } });
    },
    listSessions: async () => (await api<AccountSessions>('/api/me/sessions')).items,
    endSession: async (id) => {
      await api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    endOtherSessions: async () => {
      await api('/api/auth/revoke-other-sessions', { method: 'POST', body: {} });
    },
    endUserSessions: async (uid) => (await api<{ ended: number }>(`/api/users/${encodeURIComponent(uid)}/sessions`, { method: 'DELETE' })).ended,
  };
}
