import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import { Box, Link, Typography } from '@mui/material';
import { pointersTo } from '../../domain/resourceDescription';
import { format } from '../../domain/messages';
import type { UsedBy as UsedByAnswer } from '../../domain/usedBy';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { useResourceNames } from '../../base/resourceNames';
import { recordViewPath } from './savedViews';

/** The heading's id: the delete refusal points here (RecordEdit.tsx). */
export const USED_BY_ID = 'used-by';

/**
 * 'Used by' on a record's Show and Edit pages: for each resource and field pointing to it (a reference or references
 * field), how many of its records do, each a link to that resource's list filtered to them ('3 Fabrics'). Only what the
 * reader may read is counted (the back end's answer); none, and no request, where no described resource points to this
 * one's (products' pages among them: no shipped resource points to products).
 * `refreshKey`: read again when it changes (a delete refused).
 */
export function UsedBy({ resource, id, refreshKey }: { resource: string; id: string; refreshKey?: unknown }) {
  const m = useMessages();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resources = useResourceNames();
  const [answer, setAnswer] = useState<UsedByAnswer | 'error' | null>(null);
  const described = resources.flatMap((r) => (r.screens ? [r.screens.description] : []));
  const pointed = pointersTo(resource, described).length > 0;
  useEffect(() => {
    // Nothing points to this resource: nothing to ask.
    if (!pointed) return;
    let live = true;
    dataProvider.getUsedBy(resource, id).then(
      (a) => live && setAnswer(a),
      () => live && setAnswer('error'),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, resource, id, refreshKey, pointed]);
  if (!pointed || answer === null) return null;
  const several = (name: string) => (Array.isArray(answer) ? answer.filter((a) => a.resource === name).length : 0);
  return (
    <Box component="section" aria-labelledby={USED_BY_ID} sx={{ mt: 3 }}>
      <Typography id={USED_BY_ID} component="h2" variant="h6" tabIndex={-1}>
        {m.records.usedBy}
      </Typography>
      {answer === 'error' ? (
        <Typography role="alert">{m.records.usedByFailed}</Typography>
      ) : answer.length === 0 ? (
        <Typography>{m.records.usedByNone}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2, my: 1 }}>
          {answer.map((a) => {
            const named = resources.find((r) => r.name === a.resource);
            const d = named?.screens?.description;
            const label = named?.history?.label;
            const name = label === undefined ? a.resource : typeof label === 'string' ? label : label(m);
            const field = named?.history?.fields(m)[a.field] ?? a.field;
            const many = d?.fields[a.field]?.kind === 'references';
            const to = d
              ? recordViewPath(d, { [a.field]: id })
              : `/${a.resource}?${new URLSearchParams({ filter: JSON.stringify({ [a.field]: many ? [id] : id }) })}`;
            // The field is named only where one resource points here by more than one.
            const words =
              several(a.resource) > 1
                ? format(m.records.usedByField, { count: a.count, resource: name, field })
                : format(m.records.usedByCount, { count: a.count, resource: name });
            return (
              <li key={`${a.resource}.${a.field}`}>
                <Link component={RouterLink} to={to}>
                  {words}
                </Link>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
