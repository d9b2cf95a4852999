import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetOneParams, UpdateParams } from 'react-admin';
import LanguageEditor from '../../../../resources/languages/LanguageEditor';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';

const records = {
  en: {
    id: 'en',
    version: 3,
    updated: '2024-01-01T00:00:00.000Z',
    texts: { checkout: 'Checkout', Banner: 'Hello', apple: 'Apple', showBanner: true, onlyEn: 'x' },
  },
  se: {
    id: 'se',
    version: 5,
    updated: '2024-01-01T00:00:00.000Z',
    texts: { checkout: 'Till kassan', Banner: 'Hej', apple: 'Äpple', showBanner: false, onlySe: 'y' },
  },
};
type Update = (resource: string, params: UpdateParams) => Promise<{ data: unknown }>;

function setup(
  update: Update = async (_r, { id, data }) => ({ data: { ...records[id as 'en'], ...data, version: 4 } }),
  languageId?: 'en' | 'se',
) {
  const getOne = vi.fn(async (_r: string, { id }: GetOneParams) => ({ data: records[id as 'en' | 'se'] }));
  const updateSpy = vi.fn(update);
  renderInAdmin(
    <LanguageEditor languageId={languageId} title={languageId === 'se' ? 'Language: Swedish' : 'Language: English'} />,
    {
      authProvider: fakeAuthProvider(userWith({ isEditor: true })),
      dataProvider: fakeDataProvider({
        getOne: providerMethod('getOne', getOne),
        update: providerMethod('update', updateSpy),
      }),
    },
  );
  return { getOne, update: updateSpy };
}
const inputs = () => screen.findAllByRole('textbox').then((all) => all.filter((i) => i.getAttribute('data-key')));
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

afterEach(() => vi.restoreAllMocks());

describe('Language editor', () => {
  it(
    "loads the 'en' record by default, showing a loader first, " +
      'then one required input per key sorted ignoring case',
    async () => {
      const { getOne } = setup();
      expect(screen.getByRole('heading', { name: 'Language: English' })).toBeVisible();
      expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
      const fields = await inputs();
      expect(fields.map((f) => f.getAttribute('data-key'))).toEqual([
        'apple',
        'Banner',
        'checkout',
        'onlyEn',
        'showBanner',
      ]);
      for (const f of fields) expect(f).toBeRequired();
      expect(screen.getByRole('textbox', { name: /^showBanner/ })).toHaveValue('true');
      expect(getOne).toHaveBeenCalledWith('languages', expect.objectContaining({ id: 'en' }));
    },
  );

  it("saves the whole map as a replacement, typed 'true'/'false' as booleans, and says 'Updated'", async () => {
    const { update } = setup();
    const banner = await screen.findByRole('textbox', { name: /^Banner/ });
    await userEvent.clear(banner);
    await userEvent.type(banner, 'false');
    await userEvent.clear(screen.getByRole('textbox', { name: /^checkout/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^checkout/ }), 'Pay now');
    await save();
    expect(await screen.findByText('Updated')).toBeVisible();
    const [resource, params] = update.mock.calls[0]!;
    expect(resource).toBe('languages');
    expect(params.meta).toEqual({ replace: true });
    expect(params.previousData).toMatchObject({ version: 3 });
    expect(params.data).toEqual({
      texts: { apple: 'Apple', Banner: false, checkout: 'Pay now', onlyEn: 'x', showBanner: true },
    });
  });

  it('requires every text: an empty one is marked and nothing is saved', async () => {
    const { update } = setup();
    await userEvent.clear(await screen.findByRole('textbox', { name: /^apple/ }));
    await save();
    expect(await screen.findByText('Required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });

  it('filters the keys without losing edits to hidden ones', async () => {
    setup();
    const apple = await screen.findByRole('textbox', { name: /^apple/ });
    await userEvent.type(apple, ' pie');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter keys' }), 'BANNER');
    expect((await inputs()).map((f) => f.getAttribute('data-key'))).toEqual(['Banner', 'showBanner']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter keys' }));
    expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveValue('Apple pie');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter keys' }), 'zzz');
    expect(screen.getByText('No keys match the filter.')).toBeVisible();
  });

  it('marks keys missing in the other language, and offers to add the ones missing here', async () => {
    setup(undefined, 'se');
    const onlySe = await screen.findByRole('textbox', { name: /^onlySe/ });
    await waitFor(() => expect(onlySe).toHaveAccessibleDescription('English Missing in the other language'));
    expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveAccessibleDescription('English Apple');
    const missing = screen.getByRole('region', { name: 'Missing in this language' });
    await userEvent.click(within(missing).getByRole('button', { name: 'Add onlyEn' }));
    const added = await screen.findByRole('textbox', { name: /^onlyEn/ });
    expect(added).toHaveValue('');
    expect(added).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Missing in this language' })).not.toBeInTheDocument();
  });

  it('on a conflict says the texts changed meanwhile and keeps the edits until Reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stale = Object.assign(new Error('stale'), { status: 409 });
    const { getOne } = setup(async () => Promise.reject(stale));
    const apple = await screen.findByRole('textbox', { name: /^apple/ });
    await userEvent.type(apple, ' pie');
    await save();
    const message =
      'These texts were changed by someone else meanwhile. Reload ' +
      'to see their version; your edits are kept until you do.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveValue('Apple pie');
    const calls = getOne.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^apple/ })).toHaveValue('Apple'));
    expect(getOne.mock.calls.length).toBeGreaterThan(calls);
  });

  it("says 'Could not update' when the save fails otherwise", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () => Promise.reject(Object.assign(new Error('down'), { status: 500 })));
    await screen.findByRole('textbox', { name: /^apple/ });
    await save();
    expect(await screen.findByText('Could not update')).toBeVisible();
  });
});
