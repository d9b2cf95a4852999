import { createElement, lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';

// Each page loads on demand, so the sign-in screen does not fetch them.
const ProductList = lazy(() => import('./ProductList'));
const ProductCreate = lazy(() => import('./ProductCreate'));
const ProductEdit = lazy(() => import('./ProductEdit'));
const ProductSearch = lazy(() => import('./ProductSearch'));
const ProductImport = lazy(() => import('./ProductImport'));

/** The products resource (editors): its sidebar group and its pages, by path under /products (spec §2). */
export default {
  name: 'products',
  area: 'products',
  icon: Inventory2Icon,
  menu: {
    label: (m) => m.menu.products,
    items: [
      { path: 'products', label: (m) => m.menu.productsList },
      { path: 'add-product/', label: (m) => m.menu.addProduct, icon: AddIcon },
      { path: 'search', label: (m) => m.menu.searchProduct, icon: SearchIcon },
    ],
  },
  pages: [
    { path: 'products', element: createElement(ProductList) },
    { path: 'add-product', element: createElement(ProductCreate) },
    { path: 'edit-product/:getUid', element: createElement(ProductEdit) },
    { path: 'search', element: createElement(ProductSearch) },
    { path: 'import', element: createElement(ProductImport) },
  ],
} satisfies ResourceDefinition;
