import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import type { HistoryEntry } from '../../../domain/history';
import { renderConsoleAt as renderAt } from './renderConsole';

// Care guides (resources/careguides/): the screens a described resource with a translated text, a choice and an image
// gets from its folder alone, over a fake data provider.
const guide = (n: number) => ({
  id: `g${n}`,
  title: `Wash linen ${n}`,
  fabric: 'linen',
  body: 'Wash at 40 degrees.',
  translations: { se: { body: 'Tvätta i 40 grader.' } },
  picture: ['/files/Uploads/u_a_x.jpg'],
  version: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: null,
});

afterEach(() => setLocale('en'));

describe('care guides, from their folder', () => {
  it('lists guides with the choice named, searches by any part of the title or text, and exports', async () => {
    const getList = vi.fn(async () => ({
      data: [guide(1)],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderAt('/careguides/list', { getList });
    const table = await screen.findByRole('table', { name: 'Care guide list' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['TitleFabricEDIT', 'Wash linen 1LinenEDIT']);
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find' }), 'wash');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('careguides', expect.objectContaining({ filter: { q: 'wash' } })),
    );
  });

  it('adds a guide: the choice by name, the text in English and Swedish, sent as stored', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...guide(9), ...data },
    }));
    const getOne = vi.fn(async () => ({ data: guide(9) }));
    renderAt('/careguides/add', { create, getOne });
    expect(await screen.findByRole('heading', { name: 'Add care guide' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Title *'), 'Ironing');
    await userEvent.click(screen.getByRole('combobox', { name: /^Fabric/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linen and cotton' }));
    await userEvent.type(screen.getByLabelText('Guide *'), 'Iron damp.');
    await userEvent.type(screen.getByLabelText('Guide (Swedish)'), 'Stryk fuktigt.');
    expect(screen.getByRole('button', { name: 'Add image' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      title: 'Ironing',
      body: 'Iron damp.',
      fabric: 'blend',
      picture: [],
      translations: { se: { body: 'Stryk fuktigt.' } },
    });
    expect(await screen.findByRole('heading', { name: 'Edit care guide' })).toBeVisible();
  });

  it('edits with its history and Undo; no Delete for an editor (the description gives it to admins)', async () => {
    const entry: HistoryEntry = {
      id: 'h1',
      kind: 'record',
      resource: 'careguides',
      recordId: 'g1',
      recordLabel: null,
      action: 'changed',
      actor: 'u1',
      actorName: 'Ada Lovelace',
      at: '2026-01-02T00:00:00.000Z',
      diff: { title: ['Wash', 'Wash linen 1'] },
      version: 3,
    } as HistoryEntry;
    const getOne = vi.fn(async () => ({ data: guide(1) }));
    // A translated field's other language is named by its label and language, not its key ('body_se').
    const swedish = { ...entry, id: 'h2', diff: { body_se: [null, 'Tvätta i 40 grader.'] } } as HistoryEntry;
    const getHistory = vi.fn(async () => ({ items: [swedish, entry], next: null }));
    renderAt('/careguides/edit/g1', { getOne, getHistory });
    expect(await screen.findByText('Ada Lovelace changed Title from Wash to Wash linen 1')).toBeVisible();
    expect(screen.getByText('Ada Lovelace set Guide (Swedish) to Tvätta i 40 grader.')).toBeVisible();
    expect(getHistory).toHaveBeenCalledWith({ kind: 'record', resource: 'careguides', id: 'g1' }, { after: null });
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(2);
    // Editors edit; the description gives delete to admins.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('after Undo of the Swedish text, the form shows the record as stored, without it', async () => {
    const swedish = {
      id: 'h2',
      kind: 'record',
      resource: 'careguides',
      recordId: 'g1',
      recordLabel: null,
      action: 'changed',
      actor: 'u1',
      actorName: 'Ada Lovelace',
      at: '2026-01-02T00:00:00.000Z',
      diff: { body_se: [null, 'Tvätta i 40 grader.'] },
      version: 3,
    } as HistoryEntry;
    // As both providers answer it: the undone record has no Swedish text at all (no `se`), not an empty one.
    let stored: Record<string, unknown> = guide(1);
    const getOne = vi.fn(async () => ({ data: stored }));
    const undoHistory = vi.fn(async () => {
      stored = { ...guide(1), translations: {}, version: 4 };
      return stored;
    });
    const getHistory = vi.fn(async () => ({ items: [swedish], next: null }));
    renderAt('/careguides/edit/g1', { getOne, getHistory, undoHistory });
    expect(await screen.findByLabelText('Guide (Swedish)')).toHaveValue('Tvätta i 40 grader.');
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undoHistory).toHaveBeenCalled());
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByLabelText('Guide (Swedish)')).toHaveValue(''));
    expect(screen.getByLabelText('Guide *')).toHaveValue('Wash at 40 degrees.');
  });

  it('lets an admin delete, after a confirmation, with the version loaded', async () => {
    const getOne = vi.fn(async () => ({ data: guide(1) }));
    const getList = vi.fn(async () => ({ data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    const deleted = vi.fn(async (_r: string, _p: { id: string; previousData?: unknown }) => ({ data: guide(1) }));
    renderAt('/careguides/edit/g1', { getOne, getList, delete: deleted }, { isAdmin: true, isEditor: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this record? This cannot be undone.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    expect(deleted.mock.calls[0]![1]).toMatchObject({ id: 'g1', previousData: { version: 3 } });
    expect(await screen.findByRole('heading', { name: 'Care guide list' })).toBeVisible();
  });

  it('imports a CSV file: Import on the list, the rows checked and shown by column label, then applied', async () => {
    const getList = vi.fn(async () => ({ data: [guide(1)], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    const result = (apply: boolean) => ({
      rows: [
        { line: 2, id: 'g1', action: 'update' as const, changes: ['body_se', 'fabric'], errors: [] },
        { line: 3, id: '', action: 'create' as const, changes: [], errors: [] },
      ],
      counts: { create: 1, update: 1, same: 0, error: 0 },
      applied: apply,
    });
    const importRecords = vi.fn(async (_r: string, req: { apply: boolean }) => result(req.apply));
    renderAt('/careguides/list', { getList, importRecords });
    await userEvent.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Care guide list: import' })).toBeVisible();
    // The intro names the columns the export writes, in its order.
    expect(screen.getByText(/id, title, body, fabric, picture, body_se/)).toBeVisible();
    const file = new File(
      [
        'id,title,fabric,body,body_se,picture\n' +
          'g1,Wash linen 1,blend,Wash at 40 degrees.,Tvätta kallt.,\n' +
          ',Ironing,linen,Iron damp.,,\n',
      ],
      'guides.csv',
      { type: 'text/csv' },
    );
    await userEvent.upload(screen.getByLabelText('Choose a CSV file', { selector: 'input' }), file, {
      applyAccept: false,
    });
    expect(await screen.findByText('1 new, 1 changed, 0 unchanged, 0 with errors')).toBeVisible();
    expect(importRecords).toHaveBeenCalledWith('careguides', {
      apply: false,
      rows: [
        {
          line: 2,
          cells: {
            id: 'g1',
            title: 'Wash linen 1',
            body: 'Wash at 40 degrees.',
            fabric: 'blend',
            picture: '',
            body_se: 'Tvätta kallt.',
          },
        },
        { line: 3, cells: { id: '', title: 'Ironing', body: 'Iron damp.', fabric: 'linen', picture: '', body_se: '' } },
      ],
    });
    const table = screen.getByRole('table', { name: 'Care guide list: import' });
    expect(within(table).getByText('Changes Guide (Swedish), Fabric')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(importRecords).toHaveBeenLastCalledWith('careguides', expect.objectContaining({ apply: true })),
    );
    expect(await screen.findByRole('heading', { name: 'Care guide list' })).toBeVisible();
  });

  it('refuses a file with a column the resource does not have, before sending anything', async () => {
    const importRecords = vi.fn();
    renderAt('/careguides/import', { importRecords });
    const file = new File(['id,title,colour\n,Ironing,red\n'], 'guides.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Choose a CSV file', { selector: 'input' }), file, {
      applyAccept: false,
    });
    expect(await screen.findByText('The file has a column this console does not know: colour.')).toBeVisible();
    expect(importRecords).not.toHaveBeenCalled();
  });
});
