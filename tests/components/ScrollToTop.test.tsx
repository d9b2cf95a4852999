import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from '../../src/ScrollToTop';

describe('scroll to top', () => {
  it('scrolls the page to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    scrollTo.mockClear();
    await act(() => router.navigate('/info/changelog'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/settings/account'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
