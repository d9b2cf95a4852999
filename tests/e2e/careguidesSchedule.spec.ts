import { expect, test, type Page } from '@playwright/test';
import { texts } from '../../resources/careguides/texts';
import { instantToWall, wallTimeOf } from '../../domain/schedule';
import { signIn, typeDay } from './helpers';

// A care guide's scheduled change in Chromium over the real server (`schedule` in its description): an editor picks
// the field, its value in the field's own input and a time in the shop's zone; the change is listed, marked on the
// list, cancelled; one a minute ahead is set by the server's scheduler (SCHEDULE_CHECK_SECONDS is 2 here) and its
// history says so. No console errors or warnings meanwhile.
const en = texts.en;

let said: string[] = [];
test.beforeEach(async ({ page }) => {
  said = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'warning' || msg.type() === 'error') && !msg.text().startsWith('Failed to load resource'))
      said.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => said.push(`pageerror: ${err.message}`));
  await signIn(page, 'editor');
});
test.afterEach(() => {
  expect(said).toEqual([]);
});

async function guide(page: Page, id: string): Promise<Record<string, unknown>> {
  const res = await page.request.get(`/api/careguides/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Picks a field, its value (Fabric's option) and a time, then Schedule. */
async function schedule(page: Page, option: string, wall: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Schedule a change' });
  await section.getByRole('combobox', { name: /^Field/ }).click();
  await page.getByRole('option', { name: en.fields.fabric, exact: true }).click();
  await section.getByRole('combobox', { name: /^New value/ }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await typeDay(page, 'At', wall, section);
  await section.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Change scheduled.', { exact: true })).toBeVisible();
}

test("an editor schedules a care guide's fabric, sees it marked, cancels it, and the scheduler sets one", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const title = `Scheduled guide ${Date.now()}`;
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/careguides', {
    headers: { origin },
    data: { title, body: 'Wash cold.', fabric: 'linen', picture: [] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  const zone = ((await (await page.request.get('/api/schedule')).json()) as { timeZone: string }).timeZone;

  await page.goto(`/careguides/${id}`);
  const section = page.getByRole('region', { name: 'Schedule a change' });
  await expect(section.getByText('No changes scheduled.')).toBeVisible();
  // A day ahead: pending, listed and marked.
  const later = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000).toISOString();
  await schedule(page, en.options!.fabric!.cotton!, instantToWall(later, zone));
  const line = `${en.fields.fabric} set to ${en.options!.fabric!.cotton!} at ${wallTimeOf(later, zone)}`;
  await expect(section.getByText(line)).toBeVisible();

  await page.goto('/careguides');
  await page.getByRole('searchbox', { name: 'Find' }).fill(title);
  await expect(page.getByRole('img', { name: `Scheduled: ${line}` })).toBeVisible();

  // Cancelled: gone from the record and the list.
  await page.goto(`/careguides/${id}`);
  await section.getByRole('button', { name: `Cancel the change: ${line}` }).click();
  await expect(section.getByText('No changes scheduled.')).toBeVisible();
  expect((await guide(page, id)).scheduled).toBeUndefined();

  // The next whole minute at least 15 s ahead (the input takes minutes): the scheduler sets it then, once.
  const soon = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000).toISOString();
  await schedule(page, en.options!.fabric!.blend!, instantToWall(soon, zone));
  await expect.poll(async () => (await guide(page, id)).fabric, { timeout: 120_000, intervals: [2000] }).toBe('blend');
  await page.reload();
  await expect(section.getByText('No changes scheduled.')).toBeVisible();
  // History writes a choice by its label, as for any edit.
  const { linen, blend } = en.options!.fabric!;
  await expect(page.getByText(`The scheduler changed ${en.fields.fabric} from ${linen} to ${blend}`)).toBeVisible();
});
