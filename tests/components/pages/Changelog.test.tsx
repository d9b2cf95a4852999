import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Changelog from '../../../src/pages/Changelog';

describe('changelog', () => {
  it('lists 0.1.1 (May 2022) and 0.1.0 with their changes, newest first', () => {
    render(<Changelog />);
    expect(screen.getByRole('heading', { name: 'Changelog' })).toBeVisible();
    const versions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(versions).toEqual(['0.1.1', '0.1.0']);
    const latest = within(screen.getByRole('region', { name: '0.1.1' }));
    expect(latest.getByText('May 2022')).toBeVisible();
    expect(latest.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Added Settings',
      'Added Users',
      'Added Products',
      'Added Languages',
    ]);
    const first = within(screen.getByRole('region', { name: '0.1.0' }));
    expect(first.getByRole('listitem')).toHaveTextContent(
      'Initial architecture with navigation, database, authentication and CSS',
    );
  });
});
