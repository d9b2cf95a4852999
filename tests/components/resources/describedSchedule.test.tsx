import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { scheduledFieldsOf } from '../../../domain/resourceDescription';
import { wallToInstant } from '../../../domain/schedule';
import type { ScheduledChange } from '../../../domain/scheduledChanges';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// 'Schedule a change' on a described Edit page and the list's mark (`schedule`, resources/shared/ScheduledChanges.tsx)
// over a fake data provider: the pending changes with Cancel, a change added by a field, its value in the field's own
// input and a time in the shop's zone, a refusal beside what it names, and Firebase's 'not available'.

afterEach(() => setLocale('en'));

const WITH = DESCRIBED.filter(([, s]) => (s.description.schedule ?? []).length > 0);
const WITHOUT = DESCRIBED.filter(([, s]) => !s.description.schedule);
const noHistory = async () => ({ items: [], next: null });
const ZONE = 'Europe/Stockholm';
const AT = wallToInstant('2030-01-02T03:04', ZONE)!;

/** The time's text (MUI X's picker, as the English UI writes it), once the pickers' chunk has come. */
const atBox = async (section: HTMLElement): Promise<HTMLInputElement> => {
  const input = (await within(section).findByRole('group', { name: 'At' })).parentElement?.querySelector('input');
  if (!input) throw new Error('No At picker');
  return input;
};

describe('scheduled changes of a described record', () => {
  it('is turned on by care guides', () => {
    expect(WITH.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH)('lists the pending changes of a %s record and cancels one', async (name, s) => {
    const d = s.description;
    const [field] = scheduledFieldsOf(d)[0]!;
    const record = recordOf(d, 1);
    const change: ScheduledChange = { id: 'c1', field, value: record[field], at: AT, created: AT };
    const scheduledChanges = vi
      .fn<(r: string, id: string) => Promise<ScheduledChange[]>>()
      .mockResolvedValueOnce([change])
      .mockResolvedValue([]);
    const cancelScheduledChange = vi.fn(async () => undefined);
    renderAt(`/${name}/r1`, {
      getOne: async () => ({ data: record }),
      getHistory: noHistory,
      scheduledChanges,
      cancelScheduledChange,
    });
    const section = await screen.findByRole('region', { name: 'Schedule a change' });
    const line = `${s.texts.en.fields[field]} set to ${String(record[field])} at 2030-01-02 03:04`;
    expect(await within(section).findByText(line)).toBeVisible();
    expect(scheduledChanges).toHaveBeenCalledWith(name, 'r1');
    await userEvent.click(within(section).getByRole('button', { name: `Cancel the change: ${line}` }));
    expect(cancelScheduledChange).toHaveBeenCalledWith(name, 'r1', 'c1');
    expect(await within(section).findByText('No changes scheduled.')).toBeVisible();
    expect(await screen.findByText('Scheduled change cancelled.')).toBeVisible();
  });

  it("schedules a care guide's fabric by its own choice input, at a time in the shop's zone", async () => {
    const scheduleChange = vi.fn(async (_r: string, _id: string, c: { field: string; value: unknown; at: string }) => ({
      id: 'c2',
      ...c,
      created: AT,
    }));
    renderAt('/careguides/r1', {
      getOne: async () => ({ data: recordOf(WITH.find(([n]) => n === 'careguides')![1].description, 1) }),
      getHistory: noHistory,
      scheduleChange,
    });
    const section = await screen.findByRole('region', { name: 'Schedule a change' });
    await within(section).findByText('No changes scheduled.');
    // The field: Fabric, whose value is picked among its options.
    await userEvent.click(within(section).getByRole('combobox', { name: /^Field/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fabric' }));
    await userEvent.click(within(section).getByRole('combobox', { name: /^New value/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linen and cotton' }));
    fireEvent.change(await atBox(section), { target: { value: '02/01/2030 03:04' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(scheduleChange).toHaveBeenCalledWith('careguides', 'r1', { field: 'fabric', value: 'blend', at: AT }),
    );
    expect(await screen.findByText('Change scheduled.')).toBeVisible();
  });

  it("shows the server's refusal beside the time it names", async () => {
    const scheduleChange = vi.fn(async () =>
      Promise.reject(
        new HttpError('Choose a time in the future.', 400, { errors: { at: 'Choose a time in the future.' } }),
      ),
    );
    // react-admin logs a failed call in development.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/careguides/r1', {
      getOne: async () => ({ data: recordOf(WITH.find(([n]) => n === 'careguides')![1].description, 1) }),
      getHistory: noHistory,
      scheduleChange,
    });
    const section = await screen.findByRole('region', { name: 'Schedule a change' });
    // No value to type before a field is picked.
    expect(within(section).queryByRole('textbox', { name: /^New value/ })).toBeNull();
    await userEvent.click(within(section).getByRole('combobox', { name: /^Field/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Title' }));
    await userEvent.type(within(section).getByRole('textbox', { name: /^New value/ }), 'Spring guide');
    fireEvent.change(await atBox(section), { target: { value: '02/01/2020 03:04' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Schedule' }));
    expect(await within(section).findByText('Choose a time in the future.')).toBeVisible();
    expect(scheduleChange).toHaveBeenCalledWith('careguides', 'r1', {
      field: 'title',
      value: 'Spring guide',
      at: wallToInstant('2020-01-02T03:04', ZONE),
    });
  });

  it('says scheduling is not available where the back end has no scheduler (Firebase)', async () => {
    const scheduledChanges = vi.fn(async () => []);
    renderAt('/careguides/r1', {
      getOne: async () => ({ data: recordOf(WITH.find(([n]) => n === 'careguides')![1].description, 1) }),
      getHistory: noHistory,
      scheduleSettings: async () => ({ timeZone: '', available: false }),
      scheduledChanges,
    });
    const section = await screen.findByRole('region', { name: 'Schedule a change' });
    expect(within(section).getByText('Not available with the Firebase back end.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(scheduledChanges).not.toHaveBeenCalled();
  });

  it.each(WITH)(
    'marks a %s record with a pending change on the list, naming it, in both languages',
    async (name, s) => {
      const d = s.description;
      const [field] = scheduledFieldsOf(d)[0]!;
      const pending = { ...recordOf(d, 1), scheduled: [{ id: 'c1', field, value: 'Later', at: AT, created: AT }] };
      renderAt(`/${name}`, { getList: vi.fn(async () => listOf([pending, recordOf(d, 2)])) });
      await screen.findByRole('table', { name: s.texts.en.list });
      const said = `Scheduled: ${s.texts.en.fields[field]} set to Later at 2030-01-02 03:04`;
      expect(await screen.findAllByRole('img', { name: said })).toHaveLength(1);
    },
  );

  it('says the mark in Swedish in the Swedish UI', async () => {
    setLocale('sv');
    const [, s] = WITH.find(([n]) => n === 'careguides')!;
    const pending = {
      ...recordOf(s.description, 1),
      scheduled: [{ id: 'c1', field: 'fabric', value: 'cotton', at: AT, created: AT }],
    };
    renderAt('/careguides', { getList: vi.fn(async () => listOf([pending])) });
    await screen.findByRole('table', { name: s.texts.sv.list });
    expect(
      await screen.findByRole('img', { name: 'Schemalagt: Material sätts till Bomull 2030-01-02 03:04' }),
    ).toBeVisible();
  });

  it.each(WITHOUT)('offers no schedule on a %s record', async (name, s) => {
    renderAt(`/${name}/r1`, { getOne: async () => ({ data: recordOf(s.description, 1) }), getHistory: noHistory });
    expect(await screen.findByRole('heading', { name: s.texts.en.edit })).toBeVisible();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('region', { name: 'Schedule a change' })).toBeNull();
  });
});
