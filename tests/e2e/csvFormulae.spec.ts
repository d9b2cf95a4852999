import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { format, messages } from '../../domain/messages';
import { signIn } from './helpers';

// In Chromium over the real server: a supplier whose texts start like formulas, one of them past a
// line break, is exported with each such cell guarded by a leading ', and the same file imported again changes
// nothing (the import takes the guard off: domain/csvCell.ts).
test('formula-looking cells, multi-line ones too, go out guarded and come back unchanged', async ({ page }) => {
  const stamp = Date.now();
  const name = `-3+3 Mill ${stamp}`;
  const notes = `=HYPERLINK("https://evil.example/x",\n"Open")\n=1+1\nsecond line`;
  await signIn(page, 'editor');
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/suppliers', {
    headers: { origin },
    data: { name, contactPerson: '@Anna', email: '', country: 'LV', notes },
  });
  expect(made.status()).toBe(201);
  const id = String(((await made.json()) as { id: string }).id);

  await page.goto('/suppliers/list');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const path = join(tmpdir(), `suppliers-formulae-${stamp}.csv`);
  await (await download).saveAs(path);
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const file = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  const row = file.data.find((r) => r.id === id)!;
  expect(row).toMatchObject({ name: `'${name}`, contactPerson: "'@Anna", notes: `'${notes}` });
  for (const r of file.data)
    for (const cell of Object.values(r)) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);

  await page.getByRole('link', { name: 'Import' }).click();
  await page.getByLabel('Choose a CSV file').setInputFiles(path);
  await expect(
    page.getByText(format(messages.csv.summary, { create: 0, update: 0, same: file.data.length, error: 0 })),
  ).toBeVisible();
  rmSync(path, { force: true });
});
