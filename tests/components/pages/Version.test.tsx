import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Version from '../../../src/pages/Version';

const realLocation = window.location;
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

function stubLocation() {
  const location = { ...realLocation, reload: vi.fn(), assign: vi.fn() };
  Object.defineProperty(window, 'location', { configurable: true, value: location });
  return location;
}

describe('version page', () => {
  it("shows 'VERSION ERROR' and reloads the page on 'Reload page'", async () => {
    const location = stubLocation();
    render(
      <MemoryRouter initialEntries={['/version']}>
        <Version />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'VERSION ERROR' })).toBeVisible();
    expect(
      screen.getByText('App version and Live version do not match, please reload page or contact support.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(location.reload).toHaveBeenCalled();
  });

  it('reloads onto the page the gate took them from', async () => {
    const location = stubLocation();
    render(
      <MemoryRouter initialEntries={[{ pathname: '/version', state: { from: '/info/changelog' } }]}>
        <Version />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(location.assign).toHaveBeenCalledWith('/info/changelog');
  });
});
