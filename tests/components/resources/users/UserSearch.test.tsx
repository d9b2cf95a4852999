import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import UserSearch from '../../../../resources/users/UserSearch';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';

function EditPage() {
  return <p>editing {useParams().getUid}</p>;
}

function setup(found: boolean) {
  const getList = vi.fn(async () => ({
    data: found ? [{ ...userWith({ uid: 'u7' }), id: 'u7' }] : [],
    meta: { next: null },
  }));
  renderInAdmin(
    <Routes>
      <Route path="/users/search" element={<UserSearch />} />
      <Route path="/users/edit-user/:getUid" element={<EditPage />} />
    </Routes>,
    {
      authProvider: fakeAuthProvider(userWith({ isAdmin: true })),
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
      path: '/users/search',
    },
  );
  return { getList };
}

const emailField = () => screen.findByRole('textbox', { name: /^User email/ });

describe('Search user', () => {
  it("has a required email-type 'User email' field and a 'Search' button", async () => {
    const { getList } = setup(true);
    expect(screen.getByRole('heading', { name: 'Search User' })).toBeVisible();
    expect(await emailField()).toHaveAttribute('type', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(getList).not.toHaveBeenCalled();
  });

  it('opens the edit page of the user found', async () => {
    const { getList } = setup(true);
    await userEvent.type(await emailField(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('editing u7')).toBeVisible();
    expect(getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ filter: { email: 'ada@example.com' }, pagination: { page: 1, perPage: 1 } }),
    );
  });

  it("toasts 'No result for …' with the typed email when nobody matches", async () => {
    setup(false);
    await userEvent.type(await emailField(), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No result for nobody@example.com')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Search User' })).toBeVisible();
  });
});
