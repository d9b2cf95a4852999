import { createElement, lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { messages } from '../../domain/messages';

const Placeholder = lazy(() => import('./ProductsPlaceholder'));
const t = messages.products;

/** The products resource (editors): its icon and its pages, by path under /products (spec §2). */
export default {
  name: 'products',
  icon: Inventory2Icon,
  pages: [
    { path: 'products', element: createElement(Placeholder, { title: t.title }) },
    { path: 'add-product', element: createElement(Placeholder, { title: t.addTitle }) },
    { path: 'edit-product/:getUid', element: createElement(Placeholder, { title: t.editTitle }) },
    { path: 'search', element: createElement(Placeholder, { title: t.searchTitle }) },
  ],
} as const;
