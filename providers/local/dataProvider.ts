import type { MeUpdate, User } from '../../domain/users';
import type { TwoFactorStatus } from '../../domain/twoFactor';
import type { ImportResult } from '../../domain/productImport';
import type { RecordImportResult } from '../../domain/recordCsv';
import type { HistoryPage } from '../../domain/history';
import type { DuplicateCopies, DuplicateImages, Product } from '../../domain/products';
import type { ScheduleSettings } from '../../domain/schedule';
import type { ScheduledChange } from '../../domain/scheduledChanges';
import type { UsedBy } from '../../domain/usedBy';
import type { SavedView } from '../../domain/views';
import type { AccountSessions } from '../../domain/account';
import type { BulkResult, BulkUndoResult, ProductIds } from '../../domain/productBulk';
import type { BulkIds } from '../../domain/bulk';
import type { AppDataProvider } from '../../base/backend';
import type { Dashboard } from '../../domain/dashboard';
import { subscribeAppStatus, subscribeDashboard } from './appStatus';
import { api, ApiError } from './http';
import { PAGE_SIZE } from '../../domain/constants';
import { restMethods } from './rest';
import { storeUser } from '../shared/userStorage';
import { uploadImage } from './uploads';
import { addPasskey, listPasskeys, removePasskey, renamePasskey } from './passkeys';

/** Where each kind of record's history is read: under the record's own address. */
const HISTORY_OF = { product: 'products', user: 'users', language: 'languages' } as const;

/** A list's search and filters as a query string (each given value as its text). */
function queryOf(filter: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  return query;
}

/** The data provider for our server: the standard REST calls plus the console's own. */
export function createDataProvider(): AppDataProvider {
  return {
    ...restMethods(),
    subscribeAppStatus: (listener) => subscribeAppStatus(listener),
    getDashboard: () => api<Dashboard>('/api/dashboard'),
    subscribeDashboard: async (listener) => subscribeDashboard(listener),
    getMe: () => api<User>('/api/me'),
    updateMe: async (data: MeUpdate) => {
      const user = await api<User>('/api/me', { method: 'PATCH', body: data });
      // The header and the stored record show the new name at once.
      storeUser(user);
      return user;
    },
    uploadImage: async (file, callbacks) => uploadImage(file, callbacks),
    importProducts: (request) => api<ImportResult>('/api/products/import', { method: 'POST', body: request }),
    importRecords: (resource, request) =>
      api<RecordImportResult>(`/api/${encodeURIComponent(resource)}/import`, { method: 'POST', body: request }),
    getHistory: (of, page = {}) => {
      const query = new URLSearchParams({ limit: String(page.limit ?? PAGE_SIZE) });
      if (page.after) query.set('after', page.after);
      const base = of.kind === 'record' ? of.resource : HISTORY_OF[of.kind];
      return api<HistoryPage>(`/api/${base}/${encodeURIComponent(of.id)}/history?${query}`);
    },
    // Each resource's entries are undone under its own address: a described resource's, or the products' (the only
    // other entries with an Undo; the server's /api/history/:entry/undo answers the same, kept for older callers).
    undoHistory: (entryId, version, of) =>
      api<Product>(
        `/api/${of?.kind === 'record' ? of.resource : 'products'}/history/${encodeURIComponent(entryId)}/undo`,
        {
          method: 'POST',
          headers: { 'If-Match': `"${version}"` },
        },
      ),
    // A product's copies are answered as its one images field (/api/products/:id/duplicate, as it always was).
    duplicateImages: async (resource, id) => {
      const copies = await api<DuplicateImages | DuplicateCopies>(
        `/api/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/duplicate`,
        { method: 'POST' },
      );
      return resource === 'products' ? { images: copies as DuplicateImages } : (copies as DuplicateCopies);
    },
    getUsedBy: (resource, id) => api<UsedBy>(`/api/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/usedby`),
    scheduleSettings: () => api<ScheduleSettings>('/api/schedule'),
    scheduledChanges: async (resource, id) =>
      (
        await api<{ items: ScheduledChange[] }>(
          `/api/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/schedule`,
        )
      ).items,
    scheduleChange: (resource, id, change) =>
      api<ScheduledChange>(`/api/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/schedule`, {
        method: 'POST',
        body: change,
      }),
    cancelScheduledChange: async (resource, id, changeId) => {
      await api<unknown>(
        `/api/${encodeURIComponent(resource)}/${encodeURIComponent(id)}/schedule/${encodeURIComponent(changeId)}`,
        { method: 'DELETE' },
      );
    },
    productIds: (filter) => api<ProductIds>(`/api/products/ids?${queryOf(filter)}`),
    bulkProducts: (request) => api<BulkResult>('/api/products/bulk', { method: 'POST', body: request }),
    undoBulk: (batch, resource = 'products') =>
      api<BulkUndoResult>(`/api/${encodeURIComponent(resource)}/bulk/${encodeURIComponent(batch)}/undo`, {
        method: 'POST',
      }),
    recordIds: (resource, filter) => api<BulkIds>(`/api/${encodeURIComponent(resource)}/ids?${queryOf(filter)}`),
    bulkRecords: (resource, request) =>
      api<BulkResult>(`/api/${encodeURIComponent(resource)}/bulk`, { method: 'POST', body: request }),
    listViews: async (resource) =>
      (await api<{ items: SavedView[] }>(`/api/views?${new URLSearchParams({ resource })}`)).items,
    saveView: (view) => api<SavedView>('/api/views', { method: 'POST', body: view }),
    removeView: async (id) => void (await api(`/api/views/${encodeURIComponent(id)}`, { method: 'DELETE' })),
    // better-auth's own routes where they fit (the server ends the other sessions whatever the body says), ours to list
    // by id.
    changePassword: async ({ currentPassword, newPassword }) => {
      await api('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      });
    },
    listSessions: async () => (await api<AccountSessions>('/api/me/sessions')).items,
    endSession: async (id) => {
      await api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    endOtherSessions: async () => {
      await api('/api/auth/revoke-other-sessions', { method: 'POST', body: {} });
    },
    endUserSessions: async (uid) =>
      (await api<{ ended: number }>(`/api/users/${encodeURIComponent(uid)}/sessions`, { method: 'DELETE' })).ended,
    listPasskeys,
    addPasskey,
    renamePasskey,
    removePasskey,
    // Two-factor sign-in: better-auth's plugin routes (server/auth/twoFactor.ts) and our status read.
    getTwoFactor: () => api<TwoFactorStatus>('/api/me/two-factor'),
    startTwoFactor: async (password) => {
      const started = await api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
        method: 'POST',
        body: { password },
      });
      return { totpURI: started.totpURI, recoveryCodes: started.backupCodes };
    },
    confirmTwoFactor: async (code) => {
      await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }).catch((err: unknown) => {
        // The library answers a wrong code with 401; here the person is signed in and only typed it wrong, which
        // must not read as a lost session (react-admin signs out on 401).
        throw err instanceof ApiError && err.status === 401 && err.code === 'INVALID_CODE'
          ? new ApiError(400, err.code, err.message)
          : err;
      });
    },
    disableTwoFactor: async (password) => {
      await api('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
    },
    renewRecoveryCodes: async (password) =>
      (
        await api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
          method: 'POST',
          body: { password },
        })
      ).backupCodes,
  };
}
