import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { fieldsOfResource } from '../../../domain/resourceDescription';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// The missing-translation marks and filter of a described list (`missing: true`, resources/shared/MissingTextMarks.tsx,
// RecordFilters.tsx) over a fake data provider, over every described resource that turns them on.

afterEach(() => setLocale('en'));

const WITH = DESCRIBED.filter(([, s]) => s.description.missing === true);
const WITHOUT = DESCRIBED.filter(([, s]) => s.description.missing !== true);
const lastList = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)![1];

describe('texts missing in a language, on a described list', () => {
  it('is turned on by at least one described resource', () => {
    expect(WITH.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH)(
    'marks the %s records missing a Swedish text, by what is missing, in both languages',
    async (name, s) => {
      const d = s.description;
      const translated = fieldsOfResource(d)
        .filter(([, f]) => f.kind === 'translated')
        .map(([k]) => k);
      const whole = recordOf(d, 1);
      const lacking = { ...recordOf(d, 2), translations: {} };
      renderAt(`/${name}`, { getList: vi.fn(async () => listOf([whole, lacking])) });
      await screen.findByRole('table', { name: s.texts.en.list });
      const said = `Swedish missing: ${translated.map((k) => s.texts.en.fields[k]).join(', ')}`;
      expect(await screen.findAllByRole('img', { name: said })).toHaveLength(1);
    },
  );

  it.each(WITH)('says it in Swedish in the Swedish UI (%s)', async (name, s) => {
    setLocale('sv');
    const d = s.description;
    const translated = fieldsOfResource(d)
      .filter(([, f]) => f.kind === 'translated')
      .map(([k]) => k);
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([{ ...recordOf(d, 2), translations: {} }])) });
    await screen.findByRole('table', { name: s.texts.sv.list });
    const said = `Saknas på svenska: ${translated.map((k) => s.texts.sv.fields[k]).join(', ')}`;
    expect(await screen.findByRole('img', { name: said })).toBeVisible();
  });

  it.each(WITH)("filters the %s list by 'Swedish missing'", async (name, s) => {
    const getList = vi.fn(async () => listOf([recordOf(s.description, 1)]));
    renderAt(`/${name}`, { getList });
    await screen.findByRole('table', { name: s.texts.en.list });
    await userEvent.click(screen.getByRole('switch', { name: 'Swedish missing' }));
    await waitFor(() => expect(lastList(getList)).toMatchObject({ filter: { missing: 'se' } }));
    await userEvent.click(screen.getByRole('switch', { name: 'Swedish missing' }));
    await waitFor(() => expect(lastList(getList).filter).not.toHaveProperty('missing', 'se'));
  });

  it.each(WITHOUT)('offers no such filter on the %s list', async (name, s) => {
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([recordOf(s.description, 1)])) });
    await screen.findByRole('table', { name: s.texts.en.list });
    expect(screen.queryByRole('switch', { name: 'Swedish missing' })).toBeNull();
  });
});
