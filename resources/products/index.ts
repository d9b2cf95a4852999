import { createElement } from 'react';
import { lazyPage } from '../../base/lazyPage';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';
import { useSavedViewItems } from '../shared/savedViews';
import { productDescription } from '../../domain/productFields';
import { viewSearch } from '../../domain/views';

/** The products list's address for a saved view's parameters. */
const productsViewPath = (params: Record<string, string>): string => {
  const search = viewSearch(params);
  return `/products/products${search ? `?${search}` : ''}`;
};

// Each page loads on demand, so the sign-in screen does not fetch them.
const ProductList = lazyPage(() => import('./ProductList'));
const ProductCreate = lazyPage(() => import('./ProductCreate'));
const ProductEdit = lazyPage(() => import('./ProductEdit'));
const ProductSearch = lazyPage(() => import('./ProductSearch'));
const ProductImport = lazyPage(() => import('./ProductImport'));

/** The products resource (editors): its sidebar group and its pages, by path under /products. */
export default {
  name: 'products',
  area: 'products',
  // Its list's code is fetched once the console is idle, so the first click on the sidebar shows it at once.
  preload: ProductList.preload,
  icon: Inventory2Icon,
  menu: {
    label: (m) => m.menu.products,
    items: [
      { path: 'products', label: (m) => m.menu.productsList },
      { path: 'add-product/', label: (m) => m.menu.addProduct, icon: AddIcon },
      { path: 'search', label: (m) => m.menu.searchProduct, icon: SearchIcon },
    ],
    // The person's saved views of the list, and those shared with all staff.
    useMoreItems: () => useSavedViewItems(productDescription, productsViewPath),
  },
  pages: [
    { path: 'products', element: createElement(ProductList) },
    { path: 'add-product', element: createElement(ProductCreate) },
    { path: 'edit-product/:getUid', element: createElement(ProductEdit) },
    { path: 'search', element: createElement(ProductSearch) },
    { path: 'import', element: createElement(ProductImport) },
  ],
} satisfies ResourceDefinition;
