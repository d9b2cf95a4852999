import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { PASSWORD, users, type UserKey } from './users';
import { format, messages, type Catalogue } from '../../domain/messages';

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, who: UserKey | { email: string }, password = PASSWORD): Promise<void> {
  const email = typeof who === 'string' ? users[who].email : who.email;
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please use the sidebar to navigate')).toBeVisible();
}

/** The newest mail in the outbox to an address, decoded enough to find its link (waits up to 10 s). */
export async function mailLinkTo(address: string, after = 0): Promise<string> {
  const dir = join(E2E_DATA_DIR, 'outbox');
  for (let i = 0; i < 100; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml') && statSync(join(dir, f)).mtimeMs >= after)
        .sort();
    } catch {
      // The outbox folder appears with the first mail.
    }
    for (const f of files.reverse()) {
      const raw = readFileSync(join(dir, f), 'utf8');
      if (!raw.toLowerCase().includes(`to: ${address.toLowerCase()}`)) continue;
      const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/\S+reset-password\?token=[^\s]+/.exec(body)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail with a link to ${address} in ${dir}`);
}

/** Runs `act` as the first admin through the API, in a request context of its own (a page keeps its session). */
async function asAdmin(
  baseURL: string,
  act: (api: APIRequestContext) => Promise<void>,
  who: UserKey = 'admin',
): Promise<void> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const signin = await ctx.post('/api/auth/sign-in/email', { data: { email: users[who].email, password: PASSWORD } });
    expect(signin.status()).toBe(200);
    await act(ctx);
  } finally {
    await ctx.dispose();
  }
}

/**
 * Puts a seeded user's flags back as a test needs them to start: a test that changes a user (staff made an editor,
 * walker deactivated) can then run again, on a CI retry or a repeat.
 */
export async function resetFlags(
  baseURL: string,
  email: string,
  flags: { active?: boolean; isEditor?: boolean; isAdmin?: boolean },
): Promise<void> {
  await asAdmin(baseURL, async (api) => {
    const found = (await (await api.get(`/api/users?email=${encodeURIComponent(email)}`)).json()) as {
      items: Array<{ uid: string }>;
    };
    expect(found.items).toHaveLength(1);
    expect((await api.patch(`/api/users/${found.items[0]!.uid}`, { data: flags })).status()).toBe(200);
  });
}

/** Sets the live app status as the first admin, through the API. */
export async function setAppStatus(baseURL: string, active: boolean): Promise<void> {
  await asAdmin(baseURL, async (api) => {
    expect((await api.put('/api/app/status', { data: { active } })).status()).toBe(200);
  });
}

/**
 * Adds `count` products through the API as the seeded editor, each with its own uploaded image (a product's image is
 * its own), SKUs `${prefix}-00`, `${prefix}-01`, … and names that all contain `word`: a test's own data, found by
 * searching for the word, whatever else the catalogue holds.
 */
export async function createProducts(
  baseURL: string,
  count: number,
  prefix: string,
  word: string,
  image: Buffer,
  each: (i: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  await asAdmin(
    baseURL,
    async (api) => {
      for (let i = 0; i < count; i++) {
        const uploaded = await api.post('/api/uploads', {
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Length': String(image.length),
            'Upload-Metadata':
              `filename ${Buffer.from(`${prefix}-${i}.png`).toString('base64')},` +
              `filetype ${Buffer.from('image/png').toString('base64')}`,
            'Content-Type': 'application/offset+octet-stream',
          },
          data: image,
        });
        expect(uploaded.status()).toBe(201);
        const { address } = (await uploaded.json()) as { address: string };
        const sku = `${prefix}-${String(i).padStart(2, '0')}`;
        const body = {
          sku,
          category: 'Linen',
          mc: 'Linen care',
          name: `${word} runner ${i}`,
          details: 'Washed linen',
          price: '349 SEK',
          active: true,
          images: [address],
          ...each(i),
        };
        expect((await api.post('/api/products', { data: body })).status()).toBe(201);
      }
    },
    'editor',
  );
}

/** A colleague a test made through the API. */
export interface Staff {
  email: string;
  password: string;
  name: string;
  uid: string;
}

/** A new colleague (no roles), added by the admin through the API, whose password is set from the invite link. */
export async function newStaff(baseURL: string, firstName: string, lastName: string): Promise<Staff> {
  const email = `${lastName.toLowerCase()}-${Date.now()}@example.com`;
  const password = 'a first password 1';
  let uid = '';
  await asAdmin(baseURL, async (api) => {
    const made = await api.post('/api/users', {
      data: { email, firstName, lastName, isEditor: false, isAdmin: false },
    });
    expect(made.status()).toBe(201);
    uid = ((await made.json()) as { uid: string }).uid;
    const token = new URL(await mailLinkTo(email)).searchParams.get('token');
    expect((await api.post('/api/auth/reset-password', { data: { token, newPassword: password } })).status()).toBe(200);
  });
  return { email, password, name: `${firstName} ${lastName}`, uid };
}

/** A platform authenticator with a user-verifying screen lock, as a laptop's fingerprint reader would be. */
export async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A folder of test images; `path` names a file in it, `remove` deletes it with everything in it. */
export interface ImageFolder {
  path(name: string): string;
  remove(): void;
}

/**
 * Makes a temporary folder holding one solid-colour image per entry (320 × 240 unless `size` says), JPEG or PNG by the
 * name's ending (`{ 'red.jpg': [190, 90, 60] }`), for the upload inputs.
 */
export async function imageFolder(
  prefix: string,
  images: Record<string, [number, number, number]>,
  size = { width: 320, height: 240 },
): Promise<ImageFolder> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const path = (name: string): string => join(dir, name);
  for (const [name, [r, g, b]] of Object.entries(images)) {
    const solid = sharp({ create: { ...size, channels: 3, background: { r, g, b } } });
    writeFileSync(path(name), await (name.endsWith('.png') ? solid.png() : solid.jpeg()).toBuffer());
  }
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Who did something as an admin reads it (History, Activity, the dashboard): the name, and the account's email beside
 * it, since anyone may call themselves anything.
 */
export const seenByAdmin = (who: { name: string; email: string }, m: Catalogue = messages): string =>
  format(m.history.withEmail, { name: who.name, email: who.email });

/** The seeded admin, as an admin reads their name where they did something. */
export const ADA = seenByAdmin({ name: 'Ada Admin', email: users.admin.email });

/**
 * A day ('2026-03-29') or a wall time ('2026-03-29T14:30') as a date picker writes it in the UI's language:
 * '29/03/2026 14:30' in English, '2026-03-29 14:30' in Swedish.
 */
export function pickerWritten(value: string, locale: 'en' | 'sv' = 'en'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?$/.exec(value);
  if (!m) return value;
  const day = locale === 'sv' ? `${m[1]}-${m[2]}-${m[3]}` : `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] ? `${day} ${m[4]}` : day;
}

/** A date picker (MUI X) named `label`: the group of its sections (its state: aria-invalid). */
export const picker = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('group', { name: label, exact: true });

/** The text a date picker named `label` holds ('' when empty), as its language writes it (pickerWritten). */
export const pickerText = (scope: Page | Locator, label: string): Locator =>
  picker(scope, label).locator('xpath=..').locator('input');

/**
 * Types a day ('2026-03-29') or a wall time ('2026-03-29T14:30') into a date picker (MUI X) named `label` within
 * `scope`, as a person does in the UI's language (English: day, month, year; Swedish: year, month, day; then hours
 * and minutes); '' clears it. Its sections are one text box: all selected, cleared, then typed.
 */
export async function typeDay(
  page: Page,
  label: string,
  value: string,
  scope: Page | Locator = page,
  locale: 'en' | 'sv' = 'en',
): Promise<void> {
  await picker(scope, label).getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(pickerWritten(value, locale).replace(/\D/g, ''));
}

/**
 * Collects what the page says on its console as a warning or an error, and uncaught errors: a test expects none
 * (`expect(problems).toEqual([])`). `expected`: lines that are an answer the page shows (a refused save's 409, which
 * Chromium also logs as a failed load).
 */
export function watchConsole(page: Page, expected?: RegExp): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (expected?.test(msg.text())) return;
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}
