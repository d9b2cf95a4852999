import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { format, messages } from '../../../domain/messages';
import { sv } from '../../../domain/messages.sv';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// An old bookmark of a described list names a field the description no longer has (renamed or taken out since): the
// list opens without it, in its own order and unfiltered by it, and says so, instead of 'Could not fetch …'.

afterEach(() => setLocale('en'));

const [, careguides] = DESCRIBED.find(([name]) => name === 'careguides')!;
const calls = (getList: ReturnType<typeof vi.fn>) =>
  getList.mock.calls.map((c) => c[1] as { sort: { field: string }; filter: Record<string, unknown> });

describe('a bookmark naming a field the list no longer has', () => {
  it('opens the list in its own order and says the order’s field is gone', async () => {
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt('/careguides?sort=weight&order=ASC', { getList });
    expect(await screen.findByRole('table', { name: 'Care guide list' })).toBeVisible();
    expect(await screen.findByText(format(messages.records.droppedFromAddress, { fields: 'weight' }))).toBeVisible();
    expect(calls(getList).map((c) => c.sort.field)).not.toContain('weight');
    expect(calls(getList).at(-1)!.sort.field).toBe('title');
  });

  it('drops a filter of a field it does not have, keeping the others, in Swedish', async () => {
    setLocale('sv');
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    const filter = encodeURIComponent(JSON.stringify({ colour: 'red', fabric: ['linen'] }));
    renderAt(`/careguides?filter=${filter}`, { getList });
    expect(await screen.findByText(format(sv.records.droppedFromAddress, { fields: 'colour' }))).toBeVisible();
    await waitFor(() => expect(calls(getList).at(-1)!.filter).toEqual({ fabric: ['linen'] }));
    expect(calls(getList).some((c) => 'colour' in c.filter)).toBe(false);
  });
});
