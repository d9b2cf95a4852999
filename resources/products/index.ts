import { createElement, lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';

// Each page loads on demand, so the sign-in screen does not fetch them.
const ProductList = lazy(() => import('./ProductList'));
const ProductCreate = lazy(() => import('./ProductCreate'));
const ProductEdit = lazy(() => import('./ProductEdit'));
const ProductSearch = lazy(() => import('./ProductSearch'));

/** The products resource (editors): its icon and its pages, by path under /products (spec §2). */
export default {
  name: 'products',
  icon: Inventory2Icon,
  pages: [
    { path: 'products', element: createElement(ProductList) },
    { path: 'add-product', element: createElement(ProductCreate) },
    { path: 'edit-product/:getUid', element: createElement(ProductEdit) },
    { path: 'search', element: createElement(ProductSearch) },
  ],
} as const;
