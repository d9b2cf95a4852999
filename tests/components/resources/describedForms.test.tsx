import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../domain/history';
import { accessOf, fieldsOfResource } from '../../../domain/resourceDescription';
import { recordCells, recordCsvColumns } from '../../../domain/recordCsv';
import { renderConsoleAt as renderAt } from './renderConsole';
import { columnLabel, DESCRIBED, fillRequired, firstColumn, listOf, recordOf, uniqueField } from './described/cases';
import type { Values } from '../../server/helpers/recordValues';

// The Add, Edit (History, Undo, Delete) and Import pages every described resource gets from its folder
// (resources/shared/), once for all of them over a fake data provider. Its list and search: describedList.test.tsx.

const admin = { isAdmin: true, isEditor: true };

afterEach(() => vi.restoreAllMocks());

/** A change to a record as its History shows it. */
const entry = (resource: string, diff: HistoryEntry['diff'], id = 'h1'): HistoryEntry =>
  ({
    id,
    kind: 'record',
    resource,
    recordId: 'r1',
    recordLabel: null,
    action: 'changed',
    actor: 'u1',
    actorName: 'Ada Lovelace',
    at: '2026-01-02T00:00:00.000Z',
    diff,
    version: 3,
  }) as HistoryEntry;

/** A CSV file of the rows given, every cell quoted. */
const csvFile = (rows: string[][]): File =>
  new File([rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n') + '\n'], 'file.csv', {
    type: 'text/csv',
  });

describe.each(DESCRIBED)('the described resource %s: add, edit, import', (name, s) => {
  const d = s.description;
  const t = s.texts.en;
  const unique = uniqueField(d);
  const translated = fieldsOfResource(d).find(([, f]) => f.kind === 'translated')?.[0];

  it('adds a record with its fields only (optional ones empty, a choice by name), then opens it', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...recordOf(d, 9), ...data },
    }));
    const getOne = vi.fn(async () => ({ data: { ...recordOf(d, 9), [firstColumn(s)]: 'Oak' } }));
    renderAt(`/${name}/create`, { create, getOne });
    expect(await screen.findByRole('heading', { name: t.add })).toBeVisible();
    const images = fieldsOfResource(d).filter(([, f]) => f.kind === 'images').length;
    expect(screen.queryAllByText('Choose image 1')).toHaveLength(images);
    const sent = await fillRequired(s);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual(sent);
    expect(await screen.findByRole('heading', { name: t.edit })).toBeVisible();
    expect(getOne).toHaveBeenCalledWith(name, expect.objectContaining({ id: 'r9' }));
    await waitFor(() => expect(screen.getByLabelText(new RegExp(`^${t.fields[firstColumn(s)]}`))).toHaveValue('Oak'));
  });

  it.runIf(unique !== undefined)('keeps what was typed and says why when a unique value is taken', async () => {
    // react-admin logs every refused call in development; the refusal is this test's point.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Another record already has this value.'), { status: 409 })),
    );
    renderAt(`/${name}/create`, { create });
    await screen.findByRole('heading', { name: t.add });
    await fillRequired(s, { [unique!]: 'Taken' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Another record already has this value.')).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText(`${t.fields[unique!]} *`)).toHaveValue('Taken');
    expect(screen.getByRole('heading', { name: t.add })).toBeVisible();
  });

  it('edits with its history (fields by label) and Undo; Delete only where the description gives it', async () => {
    const field = d.search;
    const changed = entry(name, { [field]: ['Before', String(recordOf(d, 1)[field])] });
    // A translated field's other language is named by its label and language, not its key ('body_se').
    const entries = translated
      ? [entry(name, { [`${translated}_se`]: [null, 'Svensk text'] }, 'h2'), changed]
      : [changed];
    const getOne = vi.fn(async () => ({ data: recordOf(d, 1) }));
    const getHistory = vi.fn(async () => ({ items: entries, next: null }));
    renderAt(`/${name}/r1`, { getOne, getHistory });
    const label = (t.fields as Record<string, string>)[field];
    expect(
      await screen.findByText(`Ada Lovelace changed ${label} from Before to ${String(recordOf(d, 1)[field])}`),
    ).toBeVisible();
    if (translated)
      expect(screen.getByText(`Ada Lovelace set ${columnLabel(s, `${translated}_se`)} to Svensk text`)).toBeVisible();
    expect(getHistory).toHaveBeenCalledWith({ kind: 'record', resource: name, id: 'r1' }, { after: null });
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(entries.length);
    // The editor deletes only where the description does not keep delete for admins (asked once their permissions,
    // which the sidebar's Add link waits for too, are there).
    expect(await screen.findByRole('menuitem', { name: t.add })).toBeVisible();
    const editorDeletes = accessOf(d).delete !== 'admin';
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(editorDeletes ? 1 : 0);
  });

  it.runIf(translated)('after Undo of a Swedish text, the form shows the record as stored, without it', async () => {
    // As both providers answer it: the undone record has no Swedish text at all (no `se`), not an empty one.
    let stored: Values = recordOf(d, 1);
    const getOne = vi.fn(async () => ({ data: stored }));
    const undoHistory = vi.fn(async () => {
      stored = { ...recordOf(d, 1), translations: {}, version: 4 };
      return stored;
    });
    const swedish = entry(name, { [`${translated}_se`]: [null, 'Svensk text'] });
    const getHistory = vi.fn(async () => ({ items: [swedish], next: null }));
    renderAt(`/${name}/r1`, { getOne, getHistory, undoHistory });
    const label = columnLabel(s, `${translated}_se`);
    await waitFor(() => expect(screen.getByLabelText(label)).not.toHaveValue(''));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undoHistory).toHaveBeenCalled());
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveValue(''));
  });

  it('lets an admin delete, after a confirmation, with the version loaded, then shows the list', async () => {
    const getOne = vi.fn(async () => ({ data: recordOf(d, 1) }));
    const getList = vi.fn(async () => listOf([]));
    const deleted = vi.fn(async (_r: string, _p: { id: string; previousData?: unknown }) => ({ data: recordOf(d, 1) }));
    renderAt(`/${name}/r1`, { getOne, getList, delete: deleted }, admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this record? This cannot be undone.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    expect(deleted.mock.calls[0]![1]).toMatchObject({ id: 'r1', previousData: { version: 3 } });
    expect(await screen.findByRole('heading', { name: t.list })).toBeVisible();
  });

  it('imports a CSV file: Import on the list, the rows checked and shown by column label, then applied', async () => {
    const columns = recordCsvColumns(d);
    // Two columns changed in the first row, named by their labels (a translated field's other language by both).
    const changes = [columns.at(-1)!, columns[1]!];
    const result = (apply: boolean) => ({
      rows: [
        { line: 2, id: 'r1', action: 'update' as const, changes, errors: [] },
        { line: 3, id: '', action: 'create' as const, changes: [], errors: [] },
      ],
      counts: { create: 1, update: 1, same: 0, error: 0 },
      applied: apply,
    });
    const importRecords = vi.fn(async (_r: string, req: { apply: boolean }) => result(req.apply));
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([recordOf(d, 1)])), importRecords });
    await userEvent.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: `${t.list}: import` })).toBeVisible();
    // The intro names the columns the export writes, in its order.
    expect(screen.getByText(new RegExp(columns.join(', ')))).toBeVisible();
    const first = recordCells(d, recordOf(d, 1));
    const added: Record<string, string> = { ...recordCells(d, recordOf(d, 2)), id: '' };
    const file = csvFile([columns, columns.map((c) => first[c]!), columns.map((c) => added[c]!)]);
    await userEvent.upload(screen.getByLabelText('Choose a CSV file', { selector: 'input' }), file, {
      applyAccept: false,
    });
    expect(await screen.findByText('1 new, 1 changed, 0 unchanged, 0 with errors')).toBeVisible();
    expect(importRecords).toHaveBeenCalledWith(name, {
      apply: false,
      rows: [
        { line: 2, cells: first },
        { line: 3, cells: added },
      ],
    });
    const table = screen.getByRole('table', { name: `${t.list}: import` });
    expect(within(table).getByText(`Changes ${changes.map((c) => columnLabel(s, c)).join(', ')}`)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(importRecords).toHaveBeenLastCalledWith(name, expect.objectContaining({ apply: true })));
    expect(await screen.findByRole('heading', { name: t.list })).toBeVisible();
  });

  it('refuses a file with a column the resource does not have, before sending anything', async () => {
    const importRecords = vi.fn();
    renderAt(`/${name}/import`, { importRecords });
    const file = csvFile([
      ['id', d.search, 'no_such_column'],
      ['', 'Words', 'red'],
    ]);
    await userEvent.upload(await screen.findByLabelText('Choose a CSV file', { selector: 'input' }), file, {
      applyAccept: false,
    });
    expect(await screen.findByText('The file has a column this console does not know: no_such_column.')).toBeVisible();
    expect(importRecords).not.toHaveBeenCalled();
  });
});
