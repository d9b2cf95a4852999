import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeleteParams, GetOneParams, UpdateParams } from 'react-admin';
import LanguageEditor from '../../../../resources/languages/LanguageEditor';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';

type Texts = Record<string, string | boolean>;
interface Rec {
  id: 'en' | 'se';
  version: number;
  updated: string;
  texts: Texts;
}
const updated = '2024-01-01T00:00:00.000Z';

/** The server as the provider answers it: two records that the key calls change the way the API does. */
function server() {
  const db: Record<'en' | 'se', Rec> = {
    en: {
      id: 'en',
      version: 3,
      updated,
      texts: { checkout: 'Checkout', hero: 'Linen for life', promo: '', onlyEn: 'Only English' },
    },
    se: { id: 'se', version: 5, updated, texts: { checkout: 'Till kassan', hero: '', promo: 'Rea' } },
  };
  const getOne = vi.fn(async (_r: string, { id }: GetOneParams) => ({ data: structuredClone(db[id as 'en' | 'se']) }));
  const update = vi.fn(async (resource: string, { id, data }: UpdateParams) => {
    const lang = /^languages\/(en|se)\/keys$/.exec(resource)?.[1] as 'en' | 'se';
    for (const l of ['en', 'se'] as const)
      db[l] = { ...db[l], version: db[l].version + 1, texts: { ...db[l].texts, [id]: l === lang ? data.value : '' } };
    return { data: structuredClone(db[lang]) };
  });
  const remove = vi.fn(async (_resource: string, { id, previousData }: DeleteParams) => {
    for (const l of ['en', 'se'] as const) {
      const { [String(id)]: _gone, ...rest } = db[l].texts;
      db[l] = { ...db[l], version: db[l].version + 1, texts: rest };
    }
    return { data: { ...previousData, id } };
  });
  return { db, getOne, update, remove };
}

function setup(role: 'editor' | 'admin', languageId: 'en' | 'se' = 'se', s = server()) {
  renderInAdmin(<LanguageEditor languageId={languageId} title="Language" />, {
    authProvider: fakeAuthProvider(userWith({ isEditor: true, isAdmin: role === 'admin' })),
    dataProvider: fakeDataProvider({
      getOne: providerMethod('getOne', s.getOne),
      update: providerMethod('update', s.update),
      delete: providerMethod('delete', s.remove),
    }),
  });
  return s;
}
const keysShown = () =>
  screen
    .getAllByRole('textbox')
    .map((i) => i.getAttribute('data-key'))
    .filter(Boolean);

afterEach(() => vi.restoreAllMocks());

describe('Language editor, for translators', () => {
  it("shows the other language's text beside each input, labelled with its name and in its language", async () => {
    setup('editor', 'se');
    const checkout = await screen.findByRole('textbox', { name: /^checkout/ });
    await waitFor(() => expect(checkout).toHaveAccessibleDescription('English Checkout'));
    expect(screen.getByText('Checkout')).toHaveAttribute('lang', 'en');
    // Swedish empty here, English there: the input is marked empty.
    expect(screen.getByRole('textbox', { name: /^hero/ })).toHaveAccessibleDescription('Empty English Linen for life');
    // Empty in English: said so beside the Swedish text.
    expect(screen.getByRole('textbox', { name: /^promo/ })).toHaveAccessibleDescription('English No text yet');
  });

  it('filters to what is empty or missing, and keeps a row there while it is typed into', async () => {
    setup('editor', 'en');
    await screen.findByRole('textbox', { name: /^checkout/ });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Empty or missing (3)' })).toBeVisible());
    expect(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Empty or missing (3)' }));
    // hero is empty in Swedish, promo empty here, onlyEn missing in Swedish; checkout is done.
    expect(keysShown()).toEqual(['hero', 'onlyEn', 'promo']);
    await userEvent.type(screen.getByRole('textbox', { name: /^promo/ }), 'Sale');
    expect(keysShown()).toEqual(['hero', 'onlyEn', 'promo']);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(keysShown()).toEqual(['checkout', 'hero', 'onlyEn', 'promo']);
  });

  it(
    'adds a key to both languages: the text here, empty in ' + 'the other, and moves the edits onto the saved record',
    async () => {
      const s = setup('editor', 'se');
      const checkout = await screen.findByRole('textbox', { name: /^checkout/ });
      await userEvent.clear(checkout);
      await userEvent.type(checkout, 'Betala');
      await userEvent.click(screen.getByRole('button', { name: 'Add a key' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a key' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /^Key/ }), '  summerSale ');
      await userEvent.type(within(dialog).getByRole('textbox', { name: /^Text \(Swedish\)/ }), 'Sommarrea');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(await screen.findByText('Key added')).toBeVisible();
      const [resource, params] = s.update.mock.calls[0]!;
      expect(resource).toBe('languages/se/keys');
      expect(params).toMatchObject({
        id: 'summerSale',
        data: { value: 'Sommarrea' },
        previousData: { version: 5 },
        meta: { replace: true },
      });
      const added = await screen.findByRole('textbox', { name: /^summerSale/ });
      expect(added).toHaveValue('Sommarrea');
      await waitFor(() => expect(added).toHaveFocus());
      await waitFor(() => expect(added).toHaveAccessibleDescription('English No text yet'));
      expect(screen.getByRole('textbox', { name: /^checkout/ })).toHaveValue('Betala');
    },
  );

  it(
    'refuses a key either language has, or a blank one, ' + 'before asking the server; shows what the server refuses',
    async () => {
      const s = setup('editor', 'se');
      await screen.findByRole('textbox', { name: /^checkout/ });
      await waitFor(() => expect(screen.getByRole('region', { name: 'Missing in this language' })).toBeVisible());
      await userEvent.click(screen.getByRole('button', { name: 'Add a key' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a key' });
      const key = within(dialog).getByRole('textbox', { name: /^Key/ });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(key).toHaveAccessibleDescription('Required');
      await userEvent.type(key, 'onlyEn');
      await userEvent.type(within(dialog).getByRole('textbox', { name: /^Text/ }), 'x');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(key).toHaveAccessibleDescription('A key with this name already exists.');
      await userEvent.clear(key);
      await userEvent.click(key);
      await userEvent.paste('k'.repeat(201));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(key).toHaveAccessibleDescription('At most 200 characters');
      expect(s.update).not.toHaveBeenCalled();

      s.update.mockRejectedValueOnce(Object.assign(new Error('A key with this name already exists.'), { status: 400 }));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await userEvent.clear(key);
      await userEvent.type(key, 'newKey');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      expect(await within(dialog).findByText('A key with this name already exists.')).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('textbox', { name: /^newKey/ })).not.toBeInTheDocument();
    },
  );

  it('offers no remove button to editors', async () => {
    setup('editor');
    await screen.findByRole('textbox', { name: /^checkout/ });
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('lets an admin remove a key from both languages after confirming; Cancel keeps it', async () => {
    const s = setup('admin', 'en');
    await screen.findByRole('textbox', { name: /^checkout/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove promo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the key promo?' });
    expect(dialog).toHaveAccessibleDescription(
      'It is removed from English and Swedish at once, with its texts. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.remove).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /^hero/ }), ', always');
    await userEvent.click(screen.getByRole('button', { name: 'Remove promo' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Key removed')).toBeVisible();
    expect(s.remove).toHaveBeenCalledWith(
      'languages/en/keys',
      expect.objectContaining({ id: 'promo', previousData: { id: 'promo', version: 3 } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^promo/ })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^hero/ })).toHaveValue('Linen for life, always');
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('says the texts changed meanwhile when a removal meets a newer version', async () => {
    const s = server();
    s.remove.mockRejectedValueOnce(Object.assign(new Error('stale'), { status: 409 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup('admin', 'en', s);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove promo' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findAllByText(/changed by someone else meanwhile/)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^promo/ })).toBeInTheDocument();
  });
});
