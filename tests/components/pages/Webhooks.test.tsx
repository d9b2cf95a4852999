import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import Webhooks from '../../../src/pages/Webhooks';
import type { Delivery, Webhook } from '../../../domain/webhooks';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';

const hook: Webhook = { id: 'w1', url: 'https://shop.example/hooks', created: '2026-11-23T10:00:00.000Z' };
const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 'd1',
  webhookId: 'w1',
  url: hook.url,
  kind: 'product',
  recordId: 'p1',
  status: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  nextAt: null,
  created: '2026-11-23T10:01:00.000Z',
  finished: '2026-11-23T10:01:01.000Z',
  ...over,
});

/** The page over a provider that holds `receivers` and `deliveries` and records what the page asks of it. */
function setup(receivers: Webhook[] = [], deliveries: Delivery[] = []) {
  const list = [...receivers];
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    const data = resource === 'webhooks' ? list : deliveries;
    return { data: data as never[], pageInfo: { hasNextPage: false, hasPreviousPage: false } };
  });
  const create = vi.fn(async (resource: string, { data }: { data: Record<string, string> }) => {
    if (resource === 'webhook-deliveries') return { data: { id: 'd-new' } as never };
    // As the provider raises a 400 whose details name the field (providers/local/http.ts).
    if (data.url?.startsWith('ftp')) {
      throw Object.assign(new Error('Some fields are not valid.'), {
        status: 400,
        body: { errors: { url: 'Must be an http:// or https:// address without a user name or password' } },
      });
    }
    const made = { id: 'w2', url: data.url!, created: '2026-11-23T11:00:00.000Z' };
    list.push(made);
    return { data: { ...made, secret: 'whsec_shown_once' } as never };
  });
  const remove = vi.fn(async (_resource: string, { id }: { id: unknown }) => {
    list.splice(
      list.findIndex((w) => w.id === id),
      1,
    );
    return { data: { id } as never };
  });
  const dataProvider = fakeDataProvider({
    getList: getList as never,
    create: create as never,
    delete: remove as never,
  });
  renderInAdmin(<Webhooks />, { authProvider: fakeAuthProvider(userWith({ isAdmin: true })), dataProvider });
  return { getList, create, remove };
}
afterEach(() => vi.restoreAllMocks());

describe('Settings → Webhooks', () => {
  it('adds a receiver and shows its secret once, in a dialog', async () => {
    const { create } = setup();
    expect(await screen.findByText('No receivers yet')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Receiver address/ }), 'https://shop.example/new');
    await userEvent.click(screen.getByRole('button', { name: 'Add receiver' }));
    expect(create).toHaveBeenCalledWith('webhooks', { data: { url: 'https://shop.example/new' } });
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_shown_once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('https://shop.example/new')).toBeVisible();
    expect(screen.queryByText('whsec_shown_once')).not.toBeInTheDocument();
  });

  it('copies the secret with one press, and selects it for the person to copy when the browser refuses', async () => {
    setup();
    await userEvent.type(await screen.findByRole('textbox', { name: /Receiver address/ }), 'https://shop.example/new');
    await userEvent.click(screen.getByRole('button', { name: 'Add receiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_shown_once');
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied');

    // An http:// address other than localhost has no clipboard API; a refused permission rejects.
    writeText.mockRejectedValueOnce(new Error('NotAllowedError'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copied' }));
    expect(
      await within(dialog).findByText(
        'The browser did not allow copying. The secret is selected: press Ctrl+C (⌘C on a Mac).',
      ),
    ).toBeVisible();
    const field = within(dialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement;
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'whsec_shown_once'.length]);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  it("shows the server's refusal beside the address and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup();
    const input = await screen.findByRole('textbox', { name: /Receiver address/ });
    await userEvent.type(input, 'ftp://shop.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add receiver' }));
    expect(
      await screen.findByText('Must be an http:// or https:// address without a user name or password'),
    ).toBeVisible();
    expect(input).toHaveValue('ftp://shop.example');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a test event to the receiver and removes one after a confirmation', async () => {
    const { create, remove } = setup([hook]);
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(create).toHaveBeenCalledWith('webhook-deliveries', { data: { webhookId: 'w1' } });
    expect(await screen.findByText('Test event queued')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove' });
    expect(dialog).toHaveTextContent(`Remove ${hook.url}? Its deliveries go too.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith('webhooks', { id: 'w1', previousData: hook });
    expect(await screen.findByText('No receivers yet')).toBeVisible();
  });

  it("shows each delivery's status, tries and the receiver's last answer", async () => {
    setup(
      [hook],
      [
        delivery({ id: 'a' }),
        delivery({
          id: 'b',
          status: 'retrying',
          attempts: 3,
          lastStatus: null,
          lastError: 'connect ECONNREFUSED',
          nextAt: '2026-11-23T10:05:00.000Z',
          finished: null,
        }),
        delivery({
          id: 'c',
          status: 'failed',
          attempts: 31,
          lastStatus: 500,
          lastError: 'HTTP 500',
          kind: 'test',
          recordId: 'w1',
        }),
      ],
    );
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Delivered',
      'Retrying',
      'Failed',
    ]);
    expect(rows[0]).toHaveTextContent('HTTP 200');
    expect(rows[1]).toHaveTextContent(/connect ECONNREFUSED · next try/);
    expect(rows[2]).toHaveTextContent('test w1');
    expect(rows[2]).toHaveTextContent('31');
  });
});
