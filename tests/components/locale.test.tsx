import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/App';
import SignIn from '../../src/pages/SignIn';
import { getLocale, setLocale } from '../../base/locale';
import { messages } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { fakeAuthProvider, fakeDataProvider, renderPublic, userWith } from './helpers';

afterEach(() => {
  setLocale('en');
  localStorage.clear();
});

describe('the console’s language', () => {
  it(
    'starts in the browser’s language (English here) and ' + 'switches to Swedish from the user menu, remembered',
    async () => {
      render(
        <MemoryRouter initialEntries={['/']}>
          <App
            authProvider={fakeAuthProvider(userWith({ isEditor: true }))}
            dataProvider={fakeDataProvider()}
            store={memoryStore()}
          />
        </MemoryRouter>,
      );
      expect(await screen.findByRole('menuitem', { name: messages.menu.dashboard })).toBeVisible();
      expect(document.documentElement.lang).toBe('en');

      // The user menu shows the name once react-admin has asked for the identity, which may come after the sidebar.
      await userEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
      const menu = screen.getByRole('menu');
      expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
      await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Svenska' }));

      // Our texts (sidebar, dashboard) and react-admin's own (the sidebar toggle) are now Swedish.
      expect(await screen.findByRole('menuitem', { name: sv.menu.dashboard })).toBeVisible();
      expect(await screen.findByRole('heading', { name: sv.dashboard.welcome })).toBeVisible();
      expect(screen.getByRole('menuitem', { name: sv.menu.addProduct })).toBeVisible();
      await waitFor(() => expect(screen.getByRole('button', { name: /Stäng menyn|Öppna menyn/ })).toBeVisible());
      expect(screen.queryByRole('menuitem', { name: messages.menu.dashboard })).not.toBeInTheDocument();
      expect(localStorage.getItem('console.locale')).toBe('sv');
      expect(document.documentElement.lang).toBe('sv');
      expect(getLocale()).toBe('sv');
    },
  );

  it('can be chosen on the sign-in page, before anyone is signed in', async () => {
    renderPublic(<SignIn />);
    expect(screen.getByRole('heading', { name: messages.signin.title })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));
    expect(screen.getByRole('heading', { name: sv.signin.title })).toBeVisible();
    expect(screen.getByRole('button', { name: sv.signin.submit })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Svenska' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('console.locale')).toBe('sv');
  });
});
