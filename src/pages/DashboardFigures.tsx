import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import { Box, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocale, useMessages } from '../../base/locale';
import type { AppDataProvider } from '../../base/backend';
import { CATEGORIES } from '../../domain/constants';
import { format } from '../../domain/messages';
import { writeNumber } from '../../domain/localeNumbers';
import { viewSearch, type ViewParams } from '../../domain/views';
import type { CatalogueFigures, Dashboard, RecentChange, ResourceCount, StaffFigures } from '../../domain/dashboard';
import { consoleResources } from '../../resources';
import { labelText } from '../../resources/types';
import { NewestUsersList } from './NewestUsers';
import { usersListPath } from '../../resources/users/paths';
import { shownLabel } from '../../resources/users/format';

// The chart's code (and the chart library's) in its own chunk, loaded once the catalogue's figures are there.
const DashboardChart = lazy(() => import('./DashboardChart'));

/** How often the open dashboard reads its figures again, and at once when its tab is shown again. */
const REFRESH_MS = 30_000;

const productsList = (params: ViewParams): string => {
  const search = viewSearch(params);
  return `/products/products${search ? `?${search}` : ''}`;
};
const editProduct = (id: string): string => `/products/edit-product/${encodeURIComponent(id)}`;

/**
 * The figures, read on open, at once when a change moves them (the live feed), every half minute while the tab is
 * shown, and when it is shown again.
 */
function useDashboard(): { data: Dashboard | null; failed: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ data: Dashboard | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    let live = true;
    // A change heard while a read is under way reads once more after it, not once per change (an import's burst).
    let reading = false;
    let again = false;
    const readNow = (): void => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      dataProvider
        .getDashboard()
        .then(
          (data) => live && setState({ data, failed: false }),
          () => live && setState((s) => ({ data: s.data, failed: true })),
        )
        .finally(() => {
          reading = false;
          if (again && live) {
            again = false;
            readNow();
          }
        });
    };
    const read = (): void => {
      if (document.visibilityState !== 'hidden') readNow();
    };
    read();
    const timer = setInterval(read, REFRESH_MS);
    document.addEventListener('visibilitychange', read);
    // Live: each change that moves the figures (the console's event stream), besides the timer. A provider without
    // the stream (the Firebase build's) keeps the timer alone: react-admin's proxy throws for a call it lacks.
    let following: Promise<() => void> | undefined;
    try {
      following = dataProvider.subscribeDashboard?.(read);
    } catch {
      following = undefined;
    }
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
      void following?.then((stop) => stop());
    };
  }, [dataProvider]);
  return state;
}

/** A figure's frame, a link or (not counted) not. */
const frame = { display: 'block', p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', minWidth: 0 } as const;

/** In place of a part the back end cannot give (null in its answer). */
function NotAvailable() {
  return <Typography color="text.secondary">{useMessages().firebase.notAvailable}</Typography>;
}

/**
 * One figure: its number over its label, the whole a link to the list showing exactly those rows; where the back end
 * cannot count it (null), its label over 'Not available with the Firebase back end.', and no link.
 */
function Figure({ value, label, to }: { value: number | null; label: string; to: string }) {
  // In the reader's language: '1 079' in Swedish, '1,079' in English.
  const locale = useLocale();
  const m = useMessages();
  if (value === null)
    return (
      <Box sx={frame}>
        <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {label}
        </Typography>{' '}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {m.firebase.notAvailable}
        </Typography>
      </Box>
    );
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={frame}>
      <Typography component="span" variant="h5" sx={{ display: 'block' }}>
        {writeNumber(value, locale, 0)}
      </Typography>{' '}
      <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const grid = { display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' } as const;

function useWhen(): (iso: string) => string {
  const locale = useLocale();
  // The reader's own time zone and language.
  const f = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => f.format(new Date(iso));
}

function Catalogue({ c }: { c: CatalogueFigures }) {
  const m = useMessages();
  const when = useWhen();
  const said = (r: RecentChange): string => {
    // As Activity names it: a product by its SKU, a described record by its label field; its id once it is gone.
    const record = r.recordLabel ?? r.recordId;
    const text = r.action === 'created' ? m.history.createdThe : m.history.changedThe;
    // An admin is given the account's email too: a name is whatever its owner typed.
    const who = r.actorEmail ? format(m.history.withEmail, { name: r.actorName, email: r.actorEmail }) : r.actorName;
    return format(text, { who, record });
  };
  return (
    <>
      <Section id="dashboard-catalogue" title={m.dashboard.catalogue}>
        <Box sx={grid}>
          <Figure value={c.total} label={m.dashboard.total} to={productsList({})} />
          <Figure value={c.active} label={m.dashboard.active} to={productsList({ status: 'active' })} />
          <Figure value={c.disabled} label={m.dashboard.disabled} to={productsList({ status: 'disabled' })} />
          <Figure value={c.scheduled} label={m.dashboard.scheduled} to={productsList({ scheduled: 'true' })} />
          {CATEGORIES.map((category) => (
            <Figure key={category} value={c.byCategory[category]} label={category} to={productsList({ category })} />
          ))}
          <Figure value={c.missingSwedish} label={m.dashboard.missingSwedish} to={productsList({ missing: 'se' })} />
        </Box>
      </Section>
      <Section id="dashboard-upcoming" title={m.dashboard.upcoming}>
        {c.upcoming === null ? (
          <NotAvailable />
        ) : c.upcoming.length === 0 ? (
          <Typography color="text.secondary">{m.dashboard.upcomingEmpty}</Typography>
        ) : (
          <List disablePadding>
            {c.upcoming.map((u) => (
              <ListItem key={`${u.id}-${u.active}`} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={editProduct(u.id)}>
                      {`${u.sku} · ${u.name}`}
                    </Link>
                  }
                  secondary={`${u.active ? m.dashboard.becomesActive : m.dashboard.becomesDisabled} · ${when(u.at)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section id="dashboard-per-day" title={m.dashboard.perDay}>
        {c.perDay === null ? (
          <NotAvailable />
        ) : (
          <Suspense fallback={<Typography color="text.secondary">{m.dashboard.chartLoading}</Typography>}>
            <DashboardChart perDay={c.perDay} />
          </Suspense>
        )}
      </Section>
      <Section id="dashboard-recent" title={m.dashboard.recent}>
        {c.recent === null ? (
          <NotAvailable />
        ) : c.recent.length === 0 ? (
          <Typography color="text.secondary">{m.dashboard.recentEmpty}</Typography>
        ) : (
          <List disablePadding>
            {c.recent.map((r) => (
              <ListItem key={r.id} disableGutters divider>
                <ListItemText
                  primary={
                    r.kind === 'product' && r.action !== 'deleted' ? (
                      <Link component={RouterLink} to={editProduct(r.recordId)}>
                        {said(r)}
                      </Link>
                    ) : (
                      said(r)
                    )
                  }
                  secondary={when(r.at)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </>
  );
}

function Staff({ s }: { s: StaffFigures }) {
  const m = useMessages();
  return (
    <Section id="dashboard-staff" title={m.dashboard.staff}>
      <Box sx={grid}>
        {(['active', 'inactive', 'admins', 'editors'] as const).map((show) => (
          <Figure key={show} value={s[show]} label={shownLabel(show, m)} to={usersListPath(show)} />
        ))}
        <Figure
          value={s.noSecondFactor}
          label={s.require2fa === 'off' ? m.dashboard.noSecondFactor : m.dashboard.noSecondFactorRequired}
          to={usersListPath('noSecondFactor')}
        />
        <Figure value={s.failedSignIns} label={m.dashboard.failedSignIns} to="/info/activity" />
      </Box>
      <Typography id="newest-users" component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {m.dashboard.newestUsers}
      </Typography>
      <NewestUsersList users={s.newest} />
    </Section>
  );
}

/** The counted described resources: each its number of records by its sidebar name, a link to its list. */
function Resources({ counts }: { counts: readonly ResourceCount[] }) {
  const m = useMessages();
  const shown = counts.flatMap((c) => {
    // Its sidebar name; a described resource the browser does not know (a newer server's) is left out.
    const r = consoleResources.find((d) => d.name === c.name && d.screens !== undefined);
    return r === undefined ? [] : [{ ...c, label: labelText(r.menu.label, m) }];
  });
  if (shown.length === 0) return null;
  return (
    <Section id="dashboard-resources" title={m.dashboard.resources}>
      <Box sx={grid}>
        {shown.map((c) => (
          <Figure key={c.name} value={c.count} label={c.label} to={`/${c.name}`} />
        ))}
      </Box>
    </Section>
  );
}

/**
 * The dashboard's figures under the welcome banner: the catalogue for editors, the staff for admins (the server
 * answers each only to its role), then the described resources that count themselves. A back end that cannot count them
 * says so in their place.
 */
export function DashboardFigures() {
  const m = useMessages();
  const { data, failed } = useDashboard();
  return (
    <>
      {failed && !data ? (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {m.dashboard.loadFailed}
        </Typography>
      ) : null}
      {data?.catalogue ? <Catalogue c={data.catalogue} /> : null}
      {data?.staff ? <Staff s={data.staff} /> : null}
      {data?.resources ? <Resources counts={data.resources} /> : null}
    </>
  );
}
