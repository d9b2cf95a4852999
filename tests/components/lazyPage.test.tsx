import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../base/lazyPage';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{`${label} ${n}`}</button>;
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>waiting</p>}>{node}</Suspense>;

describe('lazyPage', () => {
  it('renders a preloaded page at once, with no fallback in between, and loads its code once', async () => {
    const load = vi.fn(async () => ({ default: Counter }));
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    render(inSuspense(<Page label="count" />));
    // Synchronously there: React.lazy would show the fallback first, even for code already loaded.
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByRole('button', { name: 'count 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it(
    'shows the fallback while code not yet loaded arrives, ' + 'then the page, which keeps its state on later renders',
    async () => {
      let resolve: (m: { default: typeof Counter }) => void = () => undefined;
      const Page = lazyPage(() => new Promise<{ default: typeof Counter }>((r) => (resolve = r)));
      const { rerender } = render(inSuspense(<Page label="count" />));
      expect(screen.getByText('waiting')).toBeInTheDocument();
      await act(async () => resolve({ default: Counter }));
      await userEvent.click(await screen.findByRole('button', { name: 'count 0' }));
      // The code is now known; a re-render must not swap the component and so lose what the page held.
      rerender(inSuspense(<Page label="total" />));
      expect(screen.getByRole('button', { name: 'total 1' })).toBeInTheDocument();
    },
  );

  it('preload never rejects, and a failed load may be tried again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Counter }>>()
      .mockRejectedValueOnce(new Error('chunk lost'))
      .mockResolvedValueOnce({ default: Counter });
    const Page = lazyPage(load);
    await expect(Page.preload()).resolves.toBeUndefined();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(inSuspense(<Page label="again" />));
    expect(screen.getByRole('button', { name: 'again 0' })).toBeInTheDocument();
  });
});
