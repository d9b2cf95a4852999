import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppStatusGate } from '../../../src/gate/AppStatusGate';
import type { LiveStatus, LiveStatusListener } from '../../../base/backend';

/** A live feed the test drives by hand. */
function feed() {
  let listener: LiveStatusListener = () => undefined;
  let subscribed = 0;
  return {
    subscribe: (l: LiveStatusListener) => {
      listener = l;
      subscribed += 1;
      return () => {
        subscribed -= 1;
      };
    },
    push: (status: LiveStatus) => act(() => listener(status)),
    subscribed: () => subscribed,
  };
}

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderGate(live: ReturnType<typeof feed>, path = '/signin') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppStatusGate subscribe={live.subscribe} bundleVersion="0.1.1">
        <Routes>
          <Route path="/signin" element={<h1>Sign-in route</h1>} />
          <Route path="/version" element={<h1>Version route</h1>} />
        </Routes>
        <Where />
      </AppStatusGate>
    </MemoryRouter>,
  );
}

const loader = () => screen.queryByRole('progressbar', { name: 'Loading…' });

describe('app status gate', () => {
  it('shows only a labelled loader while the status is unknown', () => {
    renderGate(feed());
    expect(loader()).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows only the loader while the status is inactive, and the routes once it is active', () => {
    const live = feed();
    renderGate(live);
    live.push({ active: false, version: '0.1.1' });
    expect(loader()).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    live.push({ active: true, version: '0.1.1' });
    expect(screen.getByRole('heading', { name: 'Sign-in route' })).toBeVisible();
    expect(loader()).not.toBeInTheDocument();
  });

  it('goes back to the loader when the app turns inactive or the feed is lost', () => {
    const live = feed();
    renderGate(live);
    live.push({ active: true, version: '0.1.1' });
    live.push({ active: false, version: '0.1.1' });
    expect(loader()).toBeVisible();
    live.push({ active: true, version: '0.1.1' });
    live.push(null);
    expect(loader()).toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('keeps what was typed while the feed is lost, and drops it when the app is turned off', async () => {
    const live = feed();
    render(
      <MemoryRouter initialEntries={['/signin']}>
        <AppStatusGate subscribe={live.subscribe} bundleVersion="0.1.1">
          <label>
            Email
            <input />
          </label>
        </AppStatusGate>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    live.push({ active: true, version: '0.1.1' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    live.push(null);
    expect(loader()).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    live.push({ active: true, version: '0.1.1' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(loader()).not.toBeInTheDocument();
    // Turned off: only the loader, and the routes start afresh when it comes back on.
    live.push({ active: false, version: '0.1.1' });
    expect(screen.queryByRole('textbox', { name: 'Email', hidden: true })).not.toBeInTheDocument();
    live.push({ active: true, version: '0.1.1' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('goes to /version when the server runs another version', () => {
    const live = feed();
    renderGate(live);
    live.push({ active: true, version: '0.2.0' });
    expect(screen.getByRole('heading', { name: 'Version route' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/version');
  });

  it('stays where it is when the versions match', () => {
    const live = feed();
    renderGate(live);
    live.push({ active: true, version: '0.1.1' });
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/signin');
  });

  it('stops listening when it goes away', () => {
    const live = feed();
    const { unmount } = renderGate(live);
    expect(live.subscribed()).toBe(1);
    unmount();
    expect(live.subscribed()).toBe(0);
  });
});
