import { act, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../../domain/history';
import { HistoryPanel } from '../../../../resources/shared/history/HistoryPanel';
import { setLocale } from '../../../../base/locale';
import { fakeDataProvider, refusalLog, renderInAdmin } from '../../helpers';

// The History panel over a mocked provider: the sentences, the relative time with the exact one on hover, paging,
// refresh after a save, undo and its refusal, in English and Swedish.
const HOUR = 3600_000;
const AT = new Date(Date.now() - 2 * HOUR).toISOString();
const entry = (id: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: String(id),
  at: AT,
  actor: 'u2',
  actorName: 'Eva Berg',
  kind: 'product',
  resource: null,
  recordId: 'p1',
  action: 'changed',
  diff: { price: ['249 kr', '199 kr'] },
  ...over,
});

afterEach(() => act(() => setLocale('en')));

describe('History panel', () => {
  it('says who changed which field from what to what, and when (exact time on hover)', async () => {
    const getHistory = vi.fn(async () => ({
      items: [
        entry(3),
        entry(2, { diff: { active: [true, false], details: ['Soft', ''] } }),
        entry(1, { action: 'created', diff: { sku: [null, 'H-1'] } }),
      ],
      next: null,
    }));
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    expect(await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg changed Active from Yes to No')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg cleared Details')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg created this record')).toBeInTheDocument();
    const times = screen.getAllByText('2 hours ago');
    expect(times).toHaveLength(3);
    expect(times[0]).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(times[0]).toHaveAttribute('datetime', AT);
    expect(getHistory).toHaveBeenCalledWith({ kind: 'product', id: 'p1' }, { after: null });
  });

  it('shows a scheduled time in the shop’s time zone, as the form does, once the zone is known', async () => {
    const getHistory = vi.fn(async () => ({
      items: [
        entry(1, {
          diff: { activeFrom: [null, '2026-03-29T12:30:00.000Z'], activeUntil: ['2026-01-10T08:00:00.000Z', null] },
        }),
      ],
      next: null,
    }));
    const scheduleSettings = vi.fn(async () => ({ timeZone: 'Europe/Stockholm', available: true }));
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} />, {
      dataProvider: fakeDataProvider({ getHistory, scheduleSettings }),
    });
    // Summer time in Stockholm from 29 March 2026 01:00 UTC: UTC+2.
    expect(await screen.findByText('Eva Berg set Active from to 2026-03-29 14:30')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg cleared Active until')).toBeInTheDocument();
  });

  it('pages with More, and reads the first page again after a save', async () => {
    const getHistory = vi.fn(async (_of: unknown, page?: { after?: string | null }) =>
      page?.after === 'c1'
        ? { items: [entry(1, { diff: { name: ['A', 'B'] } })], next: null }
        : { items: [entry(2)], next: 'c1' },
    );
    const dataProvider = fakeDataProvider({ getHistory });
    // A page whose record is saved: a new version each time.
    function Saved() {
      const [version, setVersion] = useState(1);
      return (
        <>
          <button onClick={() => setVersion((v) => v + 1)}>Save</button>
          <HistoryPanel of={{ kind: 'product', id: 'p1' }} refreshKey={version} />
        </>
      );
    }
    renderInAdmin(<Saved />, { dataProvider });
    await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('Eva Berg changed Name from A to B')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getHistory).toHaveBeenCalledTimes(3));
    expect(getHistory).toHaveBeenLastCalledWith({ kind: 'product', id: 'p1' }, { after: null });
  });

  it('offers Undo only for product field changes, sends the version, and shows the server’s refusal', async () => {
    const getHistory = vi.fn(async () => ({ items: [entry(2), entry(1, { action: 'created' })], next: null }));
    const conflict = Object.assign(new Error('This field has changed again since; undo the newer change first.'), {
      status: 409,
      code: 'conflict',
    });
    const logged = refusalLog();
    const undoHistory = vi.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(conflict);
    const onUndone = vi.fn();
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} version={7} onUndone={onUndone} />, {
      dataProvider: fakeDataProvider({ getHistory, undoHistory }),
    });
    await screen.findByText('Eva Berg created this record');
    const undo = screen.getAllByRole('button', { name: 'Undo' });
    expect(undo).toHaveLength(1);
    fireEvent.click(undo[0]!);
    expect(await screen.findByText('Change undone')).toBeInTheDocument();
    expect(undoHistory).toHaveBeenCalledWith('2', 7, { kind: 'product', id: 'p1' });
    expect(onUndone).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('This field has changed again since; undo the newer change first.'),
    ).toBeInTheDocument();
    expect(onUndone).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(conflict);
  });

  it('offers no Undo without a version (users, languages) and names language keys as they are', async () => {
    const getHistory = vi.fn(async () => ({
      items: [
        entry(2, { kind: 'language', recordId: 'en', action: 'keyAdded', diff: { giftCard: [null, 'Gift card'] } }),
        entry(1, { kind: 'user', actorName: '', diff: { isAdmin: [false, true] } }),
      ],
      next: null,
    }));
    renderInAdmin(<HistoryPanel of={{ kind: 'language', id: 'en' }} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    expect(await screen.findByText('Eva Berg added the key giftCard')).toBeInTheDocument();
    expect(screen.getByText('The operator changed Admin from No to Yes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('speaks Swedish when the console does', async () => {
    act(() => setLocale('sv'));
    const getHistory = vi.fn(async () => ({ items: [entry(1)], next: null }));
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} version={1} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    const line = await screen.findByText('Eva Berg ändrade Pris från 249 kr till 199 kr');
    expect(within(line.parentElement!).getByText('för 2 timmar sedan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Historik' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ångra' })).toBeInTheDocument();
  });

  it('names a Swedish text by its language, in English and in Swedish, and offers Undo for it', async () => {
    const getHistory = vi.fn(async () => ({
      items: [
        entry(3, { diff: { name_se: ['Handduk', 'Badhandduk'] } }),
        entry(2, { diff: { details_se: [null, 'Mjuk'] } }),
        entry(1, { diff: { name_se: ['Duk', null] } }),
      ],
      next: null,
    }));
    const { unmount } = renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} version={4} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    expect(await screen.findByText('Eva Berg changed Swedish name from Handduk to Badhandduk')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg set Swedish details to Mjuk')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg cleared Swedish name')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(3);
    unmount();
    act(() => setLocale('sv'));
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} version={4} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    expect(
      await screen.findByText('Eva Berg ändrade Namn på svenska från Handduk till Badhandduk'),
    ).toBeInTheDocument();
    expect(screen.getByText('Eva Berg satte Detaljer på svenska till Mjuk')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg tömde Namn på svenska')).toBeInTheDocument();
  });

  it('writes a described resource’s numbers with their decimals in the console’s language', async () => {
    const getHistory = vi.fn(async () => ({
      items: [
        entry(1, {
          kind: 'record',
          resource: 'fabrics',
          diff: { price: [1234.5, 34.9], width: [1500, 2000], name: ['Linne', 'Lin'] },
        }),
      ],
      next: null,
    }));
    const fields = {
      price: { kind: 'number', max: 10_000, decimals: 2 },
      width: { kind: 'integer' },
      name: { kind: 'line', max: 60 },
    } as const;
    const labels = { price: 'Pris', width: 'Bredd', name: 'Namn' };
    act(() => setLocale('sv'));
    const { unmount } = renderInAdmin(
      <HistoryPanel of={{ kind: 'record', resource: 'fabrics', id: 'f1' }} labels={labels} fields={fields} />,
      { dataProvider: fakeDataProvider({ getHistory }) },
    );
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText('Eva Berg ändrade Pris från 1\u00A0234,50 till 34,90', exact)).toBeInTheDocument();
    expect(screen.getByText('Eva Berg ändrade Bredd från 1\u00A0500 till 2\u00A0000', exact)).toBeInTheDocument();
    expect(screen.getByText('Eva Berg ändrade Namn från Linne till Lin')).toBeInTheDocument();
    unmount();
    act(() => setLocale('en'));
    renderInAdmin(
      <HistoryPanel of={{ kind: 'record', resource: 'fabrics', id: 'f1' }} labels={labels} fields={fields} />,
      { dataProvider: fakeDataProvider({ getHistory }) },
    );
    expect(await screen.findByText('Eva Berg changed Pris from 1,234.50 to 34.90')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg changed Bredd from 1,500 to 2,000')).toBeInTheDocument();
  });

  it('says so when the history cannot be read', async () => {
    const down = new Error('down');
    const logged = refusalLog();
    const getHistory = vi.fn(async () => Promise.reject(down));
    renderInAdmin(<HistoryPanel of={{ kind: 'user', id: 'u1' }} />, { dataProvider: fakeDataProvider({ getHistory }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the history');
    expect(logged).toHaveBeenCalledWith(down);
  });

  it('says plainly, not as a failure, when the back end keeps no such history (Firebase: products)', async () => {
    const unavailable = Object.assign(new Error('Not available with the Firebase back end.'), {
      status: 400,
      code: 'not_available',
    });
    const logged = refusalLog();
    const getHistory = vi.fn(async () => Promise.reject(unavailable));
    renderInAdmin(<HistoryPanel of={{ kind: 'product', id: 'p1' }} />, {
      dataProvider: fakeDataProvider({ getHistory }),
    });
    expect(await screen.findByText('Not available with the Firebase back end.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(unavailable);
  });
});
