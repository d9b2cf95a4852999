import { Route, Routes } from 'react-router-dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import ProductSearch from '../../../../resources/products/ProductSearch';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { asGetList, listAnswer, productWith, Where } from './fakes';

function setup(getList: (resource: string, params: GetListParams) => Promise<unknown>) {
  const spy = vi.fn(getList);
  renderInAdmin(
    <Routes>
      <Route path="/products/search" element={<ProductSearch />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    {
      path: '/products/search',
      authProvider: fakeAuthProvider(userWith({ isEditor: true })),
      dataProvider: fakeDataProvider({ getList: asGetList(spy) }),
    },
  );
  return spy;
}

const skuField = () => screen.findByRole('searchbox', { name: /^Product SKU/ });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Search products', () => {
  it("requires the 'Product SKU'", async () => {
    const getList = setup(async () => listAnswer([], null));
    expect(await screen.findByRole('heading', { name: 'Search Product' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(getList).not.toHaveBeenCalled();
  });

  it('opens the edit page of the product with exactly that SKU', async () => {
    const getList = setup(async () => listAnswer([productWith({ id: 'p9', sku: 'LI-1009' })], null));
    await userEvent.type(await skuField(), 'LI-1009{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/products/edit-product/p9');
    expect(getList).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ filter: { sku: 'LI-1009' }, pagination: { page: 1, perPage: 1 } }),
    );
  });

  it("says 'No result for {value}' when nothing matches, and stays", async () => {
    setup(async () => listAnswer([], null));
    await userEvent.type(await skuField(), 'XX-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No result for XX-0000')).toBeVisible();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(await skuField()).toHaveValue('XX-0000');
  });
});
