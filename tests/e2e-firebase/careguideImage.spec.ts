import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { collection, getDocs, query, where, type Firestore } from 'firebase/firestore';
import { format, messages as en } from '../../domain/messages';
import { texts } from '../../resources/careguides/texts';
import { otherClient } from './other';

// On the Firebase build a described resource's image uploads into the Storage emulator and saves with the record
// (a care guide's picture was once refused, 'Not an uploaded image').
const ADMIN = { email: 'admin@example.com', password: 'linen-admin-1' };
const guides = texts.en;
let other: { db: Firestore; stop: () => Promise<void> };
let folder: string;
test.beforeAll(() => {
  other = otherClient();
  folder = mkdtempSync(join(tmpdir(), 'linen-fb-guide-'));
});
test.afterAll(async () => {
  await other.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('a care guide with its picture: uploaded, saved, and stored as the upload’s address', async ({ page }) => {
  const path = join(folder, 'linen.jpg');
  writeFileSync(
    path,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8a7' } })
      .jpeg()
      .toBuffer(),
  );
  await page.goto('/signin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: false }).first().fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();
  await page.goto('/careguides/add');
  await page.getByRole('textbox', { name: guides.fields.title }).fill('Walk guide');
  await page
    .getByRole('textbox', { name: new RegExp(`^${guides.fields.body}`) })
    .first()
    .fill('Wash at 40.');
  await page.getByRole('combobox', { name: guides.fields.fabric }).click();
  await page.getByRole('option', { name: guides.options!.fabric!.linen, exact: true }).click();
  await page.getByRole('group', { name: guides.fields.picture }).locator('input[type=file]').setInputFiles(path);
  await expect(page.getByRole('button', { name: format(en.images.removeImage, { n: 1 }) })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page.getByText(en.uploads.notUploaded)).toHaveCount(0);
  const stored = (await getDocs(query(collection(other.db, 'careguides'), where('title', '==', 'Walk guide'))))
    .docs[0]!;
  const picture = stored.get('picture') as string[];
  expect(picture).toHaveLength(1);
  expect(picture[0]).toMatch(/\/o\/Uploads%2F[^?]+\?alt=media&token=/);
  expect((await fetch(picture[0]!)).status).toBe(200);
});
