import { describe, expect, it } from 'vitest';
import { backendOf, parseEmulators, parseEnvFile } from '../../../scripts/firebaseEnv';

const full = {
  FIREBASE_API_KEY: 'key',
  FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'shop',
  FIREBASE_STORAGE_BUCKET: 'shop.appspot.com',
  FIREBASE_APP_ID: '1:2:web:3',
};

describe('the build-time back end (scripts/firebaseEnv.ts)', () => {
  it('is our own server unless CONSOLE_BACKEND says firebase, even with a .env.firebase beside it', () => {
    expect(backendOf({}, 'CONSOLE_BACKEND=firebase\nFIREBASE_API_KEY=key')).toEqual({ kind: 'local' });
    expect(backendOf({ CONSOLE_BACKEND: 'local' }, null)).toEqual({ kind: 'local' });
  });

  it('refuses an unknown back end and names every missing variable', () => {
    expect(() => backendOf({ CONSOLE_BACKEND: 'supabase' }, null)).toThrow('CONSOLE_BACKEND must be local or firebase');
    expect(() => backendOf({ CONSOLE_BACKEND: 'firebase', FIREBASE_API_KEY: 'k' }, 'FIREBASE_PROJECT_ID=p')).toThrow(
      'CONSOLE_BACKEND=firebase needs FIREBASE_AUTH_DOMAIN, FIREBASE_STORAGE_BUCKET, FIREBASE_APP_ID',
    );
  });

  it('takes each value from the environment first, then the file; the status document defaults to app/status', () => {
    const file = [
      '# the shop',
      'export FIREBASE_API_KEY="from-file"',
      "FIREBASE_APP_ID='9:9:web:9'",
      'FIREBASE_STATUS_DOC=live',
    ].join('\n');
    const backend = backendOf({ CONSOLE_BACKEND: 'firebase', ...full, FIREBASE_APP_ID: '' }, file);
    expect(backend).toEqual({
      kind: 'firebase',
      config: {
        apiKey: 'key',
        authDomain: 'shop.firebaseapp.com',
        projectId: 'shop',
        storageBucket: 'shop.appspot.com',
        appId: '9:9:web:9',
      },
      statusDoc: 'live',
      emulators: null,
    });
    expect(backendOf({ CONSOLE_BACKEND: 'firebase', ...full }, null)).toMatchObject({ statusDoc: 'status' });
  });

  it('refuses a status document id that is a path', () => {
    expect(() => backendOf({ CONSOLE_BACKEND: 'firebase', ...full, FIREBASE_STATUS_DOC: 'a/b' }, null)).toThrow(
      'FIREBASE_STATUS_DOC',
    );
  });

  it('reads .env lines: comments and blank lines skipped, quotes taken off, the last of a repeated key wins', () => {
    expect(parseEnvFile('A=1\n\n# B=2\nC = "x y"\nA=3\r\nD=')).toEqual({ A: '3', C: 'x y', D: '' });
  });

  it('takes FIREBASE_EMULATORS as name=host:port for auth, firestore and storage; unset, none', () => {
    const set = 'auth=127.0.0.1:9099, firestore=localhost:8080,storage=[::1]:9199';
    expect(backendOf({ CONSOLE_BACKEND: 'firebase', ...full, FIREBASE_EMULATORS: set }, null)).toMatchObject({
      emulators: { auth: '127.0.0.1:9099', firestore: 'localhost:8080', storage: '[::1]:9199' },
    });
    expect(backendOf({ CONSOLE_BACKEND: 'firebase', ...full }, 'FIREBASE_EMULATORS=auth=127.0.0.1:1')).toMatchObject({
      emulators: { auth: '127.0.0.1:1' },
    });
    expect(backendOf({ CONSOLE_BACKEND: 'firebase', ...full, FIREBASE_EMULATORS: ' ' }, null)).toMatchObject({
      emulators: null,
    });
  });

  it('refuses an emulator list it cannot read, naming the entry', () => {
    expect(() => parseEmulators('database=127.0.0.1:9000')).toThrow('"database=127.0.0.1:9000" is not name=host:port');
    expect(() => parseEmulators('auth=127.0.0.1')).toThrow('"auth=127.0.0.1"');
    expect(() => parseEmulators('auth=127.0.0.1:99999')).toThrow('"auth=127.0.0.1:99999"');
    expect(() => parseEmulators('auth=a:1,auth=b:2')).toThrow('FIREBASE_EMULATORS names auth twice');
  });
});
