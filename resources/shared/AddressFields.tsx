import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { filterParamsOf, listSortable, type ResourceDescription } from '../../domain/resourceDescription';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';

/**
 * What a list's address names that the description no longer has (an old bookmark, from before a field was renamed or
 * taken out): an order by a field that is gone or has none, a filter of a field it has no filter for; and the address
 * without them.
 */
export function unknownInAddress(
  d: ResourceDescription,
  params: URLSearchParams,
): { fields: string[]; search: string } {
  const fields: string[] = [];
  const out = new URLSearchParams(params);
  const sort = params.get('sort');
  if (sort !== null && !(Object.hasOwn(d.fields, sort) && listSortable(d.fields[sort]!))) {
    fields.push(sort);
    out.delete('sort');
    out.delete('order');
  }
  const written = params.get('filter');
  if (written) {
    let filter: unknown;
    try {
      filter = JSON.parse(written);
    } catch {
      filter = {};
    }
    if (filter && typeof filter === 'object' && !Array.isArray(filter)) {
      const known = new Set(['q', ...filterParamsOf(d)]);
      const kept = Object.entries(filter).filter(([k]) => known.has(k));
      const gone = Object.keys(filter).filter((k) => !known.has(k));
      if (gone.length > 0) {
        fields.push(...gone);
        out.set('filter', JSON.stringify(Object.fromEntries(kept)));
      }
    }
  }
  return { fields, search: out.toString() };
}

/**
 * A described list's page, opened only once its address names nothing the description lacks: such an address is
 * written again without it (the list opens in its own order, unfiltered by it), and a notice names what was dropped.
 */
export function AddressFields({ description, children }: { description: ResourceDescription; children: ReactNode }) {
  const m = useMessages();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { fields, search } = unknownInAddress(description, params);
  const dropped = fields.join(', ');
  useEffect(() => {
    if (!dropped) return;
    notify(format(m.records.droppedFromAddress, { fields: dropped }), { type: 'info' });
    void navigate({ search }, { replace: true });
  }, [dropped, search, notify, navigate, m]);
  return dropped ? null : children;
}
