// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { messages } from '../../../domain/messages';
import type { LiveStatus } from '../../../base/backend';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';

// The language records (one document per language, read and written as a whole map) and the app status
// document followed with onSnapshot, fed by a second client, through the real SDK on the patched emulator.
let b: Backend;
interface LanguageRecord {
  id: string;
  texts: Record<string, string | boolean>;
  version: number;
}

beforeAll(async () => {
  b = await startBackend();
  await clearAccounts();
  window.localStorage.clear();
  await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
  await seedStaff(b.other(), { email: 'boss@example.com', password: 'secret-1', isEditor: true, isAdmin: true });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

const signIn = async (email: string) => {
  await b.authProvider.logout({});
  await b.authProvider.login({ email, password: 'secret-1' });
};
const save = (id: string, texts: Record<string, string | boolean>, previous: LanguageRecord) =>
  b.dataProvider.update<LanguageRecord & { id: string }>('languages', {
    id,
    data: { texts },
    previousData: previous,
    meta: { replace: true },
  });

describe('Firebase data provider: language records', () => {
  it('reads languages/en as one map, and a save writes the whole map back to the same document', async () => {
    await signIn('boss@example.com');
    await setDoc(doc(b.other(), 'languages', 'en'), { title: 'Linen', sale: true, footer: 'Bye' });
    const { data: loaded } = await b.dataProvider.getOne<LanguageRecord>('languages', { id: 'en' });
    expect(loaded.texts).toEqual({ title: 'Linen', sale: true, footer: 'Bye' });
    await save('en', { title: 'Linen and cotton', sale: false }, loaded);
    // Whole map: the admin's save left 'footer' out, so it is gone.
    expect((await getDoc(doc(b.other(), 'languages', 'en'))).data()).toEqual({
      title: 'Linen and cotton',
      sale: false,
    });
  });

  it('keys with dots or odd characters stay whole keys', async () => {
    await signIn('boss@example.com');
    await setDoc(doc(b.other(), 'languages', 'se'), { 'home.title': 'Hem' });
    const { data: loaded } = await b.dataProvider.getOne<LanguageRecord>('languages', { id: 'se' });
    await save('se', { 'home.title': 'Hemma', 'a b/c': 'x' }, loaded);
    expect((await getDoc(doc(b.other(), 'languages', 'se'))).data()).toEqual({ 'home.title': 'Hemma', 'a b/c': 'x' });
  });

  it('refuses a save when the record changed after it was loaded, and keeps the other change', async () => {
    await signIn('ed@example.com');
    await setDoc(doc(b.other(), 'languages', 'en'), { title: 'One' });
    const { data: loaded } = await b.dataProvider.getOne<LanguageRecord>('languages', { id: 'en' });
    await updateDoc(doc(b.other(), 'languages', 'en'), { title: 'Two' });
    await expect(save('en', { title: 'Mine' }, loaded)).rejects.toMatchObject({
      status: 409,
      message: messages.languages.stale,
    });
    expect((await getDoc(doc(b.other(), 'languages', 'en'))).data()).toEqual({ title: 'Two' });
  });

  it('an editor who is not an admin cannot leave keys out', async () => {
    await signIn('ed@example.com');
    await setDoc(doc(b.other(), 'languages', 'en'), { title: 'One', footer: 'Bye' });
    const { data: loaded } = await b.dataProvider.getOne<LanguageRecord>('languages', { id: 'en' });
    await expect(save('en', { title: 'Only' }, loaded)).rejects.toMatchObject({ status: 403 });
    expect((await getDoc(doc(b.other(), 'languages', 'en'))).data()).toEqual({ title: 'One', footer: 'Bye' });
  });
});

describe('Firebase data provider: app status', () => {
  it('follows app/status with onSnapshot as another client changes it', async () => {
    await setDoc(doc(b.other(), 'app', 'status'), { active: false });
    await signIn('ed@example.com');
    const heard: LiveStatus[] = [];
    const stop = b.dataProvider.subscribeAppStatus((s) => heard.push(s));
    const until = async (check: (s: LiveStatus) => boolean) => {
      for (let i = 0; i < 100 && !check(heard.at(-1) ?? null); i++) await new Promise((r) => setTimeout(r, 100));
      expect(check(heard.at(-1) ?? null)).toBe(true);
    };
    await until((s) => s?.active === false);
    await updateDoc(doc(b.other(), 'app', 'status'), { active: true });
    await until((s) => s?.active === true);
    await updateDoc(doc(b.other(), 'app', 'status'), { active: false });
    await until((s) => s?.active === false);
    stop();
  });
});
