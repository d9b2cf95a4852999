import type { ReactNode } from 'react';
import { PageFrame } from '../shared/PageFrame';

/** The products list's path, where Back leads. */
export const LIST_PATH = '/products/products';

/** The edit page of a product. */
export const editPath = (id: string | number): string => `/products/edit-product/${encodeURIComponent(String(id))}`;

/** A product page: its title, a Back button to the products list, and a card for the content. */
export function ProductFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame title={title} back={LIST_PATH}>
      {children}
    </PageFrame>
  );
}
