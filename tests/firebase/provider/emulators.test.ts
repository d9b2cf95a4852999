import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { deleteApp, getApps } from 'firebase/app';
import { getAuth, signOut } from 'firebase/auth';
import { getFirestore, terminate } from 'firebase/firestore';
import { createFirebaseBackend } from '../../../providers/firebase';
import type { AppAuthProvider, AppDataProvider } from '../../../base/backend';
import { clearAccounts } from '../helpers/auth';
import { seedStaff } from '../helpers/backend';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// FIREBASE_EMULATORS as the build passes it (src/main.tsx): createFirebaseBackend connects Auth at once and Firestore
// and Storage when their chunks first make them. Nothing here connects the app itself: without the setting this file
// would talk to Google's services (unreachable here) and fail.
let fs: FirestoreEmulator;
let backend: { authProvider: AppAuthProvider; dataProvider: AppDataProvider };

beforeAll(async () => {
  fs = await startFirestoreEmulator();
  await clearAccounts();
  await seedStaff(fs.client(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
  const config = {
    apiKey: 'demo-key',
    authDomain: 'demo-test.firebaseapp.com',
    projectId: fs.projectId,
    storageBucket: `${fs.projectId}.appspot.com`,
    appId: 'demo-app',
  };
  backend = createFirebaseBackend(config, 'status', '1.0.0', () => 'en', [], {
    auth: inject('authEmulatorHost'),
    firestore: `127.0.0.1:${fs.port}`,
    storage: inject('storageEmulatorHost'),
  });
});

afterAll(async () => {
  // createFirebaseBackend made the default app ('[DEFAULT]').
  for (const app of getApps().filter((a) => a.name === '[DEFAULT]')) {
    await signOut(getAuth(app)).catch(() => undefined);
    await terminate(getFirestore(app));
    await deleteApp(app);
  }
  await fs.stop();
});

describe('FIREBASE_EMULATORS (createFirebaseBackend)', () => {
  it('signs in on the Auth emulator, reads Firestore and stores an image in the Storage emulator', async () => {
    await backend.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
    const me = await backend.dataProvider.getMe();
    expect(me.email).toBe('ed@example.com');
    const handle = await backend.dataProvider.uploadImage(
      new File([new Uint8Array(100)], 'a.png', { type: 'image/png' }),
      {
        onState: () => undefined,
        onProgress: () => undefined,
      },
    );
    const image = await handle.done;
    expect(image.address).toContain(inject('storageEmulatorHost'));
  });
});
