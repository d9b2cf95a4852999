import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { format, messages } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { texts } from '../../resources/suppliers/texts';
import { signIn, watchConsole } from './helpers';
import { serious } from './axe';

// Suppliers (resources/suppliers/): the described resource path proven by the product. An editor lists, adds, edits,
// searches and meets the conflict notice; then the same screens in Swedish. No console errors or warnings meanwhile.
const en = texts.en;
/** A refused save (409) is an answer the page shows, which Chromium also logs as a failed load. */
const CONFLICT = /^Failed to load resource: the server responded with a status of 409/;

async function chooseCountry(page: Page, label: string, typed: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name, exact: true }).click();
}

test('an editor lists, adds, edits and finds a supplier, and is told when someone saved meanwhile', async ({
  page,
}) => {
  const name = `Baltic Linen Mill ${Date.now()}`;
  // Watched once signed in: the sign-in page's own session check answers 401 by design.
  await signIn(page, 'editor');
  const problems = watchConsole(page, CONFLICT);

  // The list is at react-admin's address for it; the list's old address (a bookmark) is sent on there.
  await page.goto('/suppliers/list');
  await expect(page).toHaveURL(/\/suppliers$/);
  await page.getByRole('menuitem', { name: en.list, exact: true }).click();
  await expect(page.getByRole('heading', { name: en.list })).toBeVisible();

  await page.getByRole('menuitem', { name: en.add }).click();
  await expect(page.getByRole('heading', { name: en.add })).toBeVisible();
  // Name and country are required; the form says so and sends nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: en.fields.name }).fill(name);
  await page.getByRole('textbox', { name: en.fields.contactPerson }).fill('Rūta Kazlauskienė');
  await page.getByRole('textbox', { name: en.fields.email }).fill('Orders@Mill.example');
  await chooseCountry(page, en.fields.country, 'Lithu', 'Lithuania');
  await page.getByRole('textbox', { name: en.fields.notes }).fill('Washed linen yarn.\nMinimum order 50 kg.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.records.added, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: en.edit })).toBeVisible();
  // Saved, react-admin's redirect opens its edit page at react-admin's address (/suppliers/<id>).
  await expect(page).toHaveURL(/\/suppliers\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: en.fields.email })).toHaveValue('orders@mill.example');

  // Edit: change the contact person and save.
  await page.getByRole('textbox', { name: en.fields.contactPerson }).fill('Jonas Petraitis');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.records.updated, { exact: true })).toBeVisible();

  // Someone else saves meanwhile: the next save is refused with the notice, and Reload shows their version.
  const id = decodeURIComponent(page.url().split('/').pop()!);
  const current = await page.request.get(`/api/suppliers/${id}`);
  const theirs = await page.request.patch(`/api/suppliers/${id}`, {
    headers: { 'if-match': current.headers().etag!, origin: new URL(page.url()).origin },
    data: { notes: 'Changed by a colleague.' },
  });
  expect(theirs.status()).toBe(200);
  await page.getByRole('textbox', { name: en.fields.contactPerson }).fill('Mine, lost');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.records.stale)).toBeVisible();
  await page.getByRole('button', { name: messages.records.reload }).click();
  await expect(page.getByText(messages.records.stale)).toBeHidden();
  await expect(page.getByRole('textbox', { name: en.fields.notes })).toHaveValue('Changed by a colleague.');

  // Its old edit address (a bookmark) opens the same page at the new one.
  await page.goto(`/suppliers/edit/${encodeURIComponent(id)}`);
  await expect(page).toHaveURL(new RegExp(`/suppliers/${id}$`));
  await expect(page.getByRole('textbox', { name: en.fields.notes })).toHaveValue('Changed by a colleague.');

  // The list shows it, the country by name.
  await page.getByRole('menuitem', { name: en.list, exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Lithuania');
  await expect(row).toContainText('Jonas Petraitis');

  // Search by the exact name opens it; a near miss finds nothing.
  await page.getByRole('menuitem', { name: en.search }).click();
  await expect(page.getByRole('heading', { name: en.search })).toBeVisible();
  await page.getByRole('searchbox', { name: en.searchField }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: en.edit })).toBeVisible();
  await expect(page.getByRole('textbox', { name: en.fields.name })).toHaveValue(name);

  // A second supplier of the same name is refused, the reason beside the field.
  await page.getByRole('menuitem', { name: en.add }).click();
  // The edit page has a Name field too: type once the add page has replaced it (it loads a moment after the click).
  await expect(page.getByRole('heading', { name: en.add })).toBeVisible();
  await page.getByRole('textbox', { name: en.fields.name }).fill(name);
  await chooseCountry(page, en.fields.country, 'Swed', 'Sweden');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.records.duplicate).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: en.add })).toBeVisible();

  expect(problems).toEqual([]);
});

test('the suppliers screens in Swedish: menu, list, add with the country named in Swedish', async ({ page }) => {
  const name = `Väveri i Borås ${Date.now()}`;
  await signIn(page, 'editor');
  const problems = watchConsole(page, CONFLICT);
  await page.getByRole('button', { name: 'Eda Editor' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();

  await page.getByRole('menuitem', { name: texts.sv.add }).click();
  await expect(page.getByRole('heading', { name: texts.sv.add })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.getByRole('textbox', { name: texts.sv.fields.name }).fill(name);
  await chooseCountry(page, texts.sv.fields.country, 'Sver', 'Sverige');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText(sv.records.added, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.sv.edit })).toBeVisible();

  await page.getByRole('menuitem', { name: texts.sv.list, exact: true }).click();
  await expect(page.getByRole('heading', { name: texts.sv.list })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: texts.sv.fields.contactPerson })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Sverige');
  expect(await serious(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the suppliers list out to a CSV file and back: a changed contact and a new supplier, after a preview', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Flax Spinners ${stamp}`;
  await signIn(page, 'editor');
  const problems = watchConsole(page, CONFLICT);
  // One supplier to change, added through the API as another tab would.
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/suppliers', {
    headers: { origin },
    data: { name, contactPerson: 'Anna', email: '', country: 'LV', notes: '' },
  });
  expect(made.status()).toBe(201);
  const id = String(((await made.json()) as { id: string }).id);

  await page.goto('/suppliers/list');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const path = await (await download).path();
  const file = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const rows = file.data.map((r) => (r.id === id ? { ...r, contactPerson: 'Ilze' } : r));
  expect(rows.some((r) => r.id === id)).toBe(true);
  rows.push({ id: '', name: `Hemp Weavers ${stamp}`, contactPerson: 'Kārlis', email: '', country: 'EE', notes: '' });
  const changed = join(tmpdir(), `suppliers-${stamp}.csv`);
  writeFileSync(changed, Papa.unparse(rows, { columns: file.meta.fields }));

  await page.getByRole('link', { name: 'Import' }).click();
  await expect(
    page.getByRole('heading', { name: format(messages.records.importTitle, { list: en.list }) }),
  ).toBeVisible();
  // First a file Apply would refuse (a taken name, a name twice): the check says so by row and column.
  const refused = join(tmpdir(), `suppliers-refused-${stamp}.csv`);
  const blank = { id: '', contactPerson: '', email: '', country: 'EE', notes: '' };
  const twice = { ...blank, name: `Twice ${stamp}` };
  writeFileSync(refused, Papa.unparse([{ ...blank, name }, twice, twice], { columns: file.meta.fields }));
  await page.getByLabel('Choose a CSV file').setInputFiles(refused);
  await expect(page.getByText(format(messages.csv.summary, { create: 1, update: 0, same: 0, error: 2 }))).toBeVisible();
  const row = (line: number) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(row(2)).toContainText(`${en.fields.name}: ${messages.records.duplicate}`);
  await expect(row(4)).toContainText(`${en.fields.name}: ${format(messages.records.sameValueInFile, { line: 3 })}`);
  rmSync(refused, { force: true });

  await page.getByLabel('Choose a CSV file').setInputFiles(changed);
  await expect(
    page.getByText(format(messages.csv.summary, { create: 1, update: 1, same: rows.length - 2, error: 0 })),
  ).toBeVisible();
  await expect(
    page.getByRole('cell', { name: format(messages.csv.update, { fields: en.fields.contactPerson }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: messages.csv.apply }).click();
  await expect(page.getByText(format(messages.csv.applied, { create: 1, update: 1 }))).toBeVisible();
  await expect(page.getByRole('heading', { name: en.list })).toBeVisible();

  // Both are saved as the file said.
  const after = (await (await page.request.get(`/api/suppliers/${id}`)).json()) as { contactPerson: string };
  expect(after.contactPerson).toBe('Ilze');
  await expect(page.getByRole('row', { name: new RegExp(`Hemp Weavers ${stamp}`) })).toContainText('Estonia');
  rmSync(changed, { force: true });
  expect(problems).toEqual([]);
});
