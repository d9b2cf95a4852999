import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocale, useMessages } from '../../base/locale';
import { visuallyHidden } from '../../base/visuallyHidden';
import { writeNumber } from '../../domain/localeNumbers';
import { LOCALE_TAGS } from '../../domain/locales';
import { DASHBOARD_CHART_DAYS, type DayChanges } from '../../domain/dashboard';

const DAY_MS = 24 * 60 * 60_000;

/** The last DASHBOARD_CHART_DAYS UTC days, oldest first, as 'YYYY-MM-DD' (the server counts by UTC day). */
export function chartDays(now = Date.now()): string[] {
  return Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) =>
    new Date(now - (DASHBOARD_CHART_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The chart of the catalogue's changes per day over the last 30 days, one stacked bar per day, a colour per person;
 * and its numbers as a table (hidden from sight, read by screen readers; the chart itself is hidden from them). Its
 * own chunk, loaded once the figures are there, so the first page's bundle does not carry the chart library.
 */
export default function DashboardChart({ perDay }: { perDay: readonly DayChanges[] }) {
  const m = useMessages();
  const locale = useLocale();
  const days = chartDays();
  const dayLabel = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (day: string): string => dayLabel.format(new Date(`${day}T00:00:00Z`));
  const count = new Map(perDay.map((d) => [`${d.day} ${d.actor}`, d.changes]));
  const people = [...new Map(perDay.map((d) => [d.actor, d.actorName])).entries()]
    .map(([actor, name]) => ({
      actor,
      name,
      total: days.reduce((t, day) => t + (count.get(`${day} ${actor}`) ?? 0), 0),
    }))
    .filter((p) => p.total > 0)
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  const of = (day: string, actor: string): number => count.get(`${day} ${actor}`) ?? 0;
  const busy = days.filter((day) => people.some((p) => of(day, p.actor) > 0));
  const number = (n: number): string => writeNumber(n, locale, 0);
  if (people.length === 0) return <Typography color="text.secondary">{m.dashboard.perDayEmpty}</Typography>;
  return (
    <>
      <Box aria-hidden="true" sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: days.map(label) }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => number(v) }]}
          series={people.map((p) => ({
            id: p.actor || '-',
            label: p.name,
            stack: 'changes',
            data: days.map((day) => of(day, p.actor)),
            valueFormatter: (v: number | null) => number(v ?? 0),
          }))}
          margin={{ left: 0, right: 24 }}
          // Hidden from assistive technology (the table says it): no tab stop inside it either.
          disableKeyboardNavigation
        />
      </Box>
      {/* The hiding is on a box: a table is never narrower than its cells, so hidden itself it widened the page. */}
      <Box sx={visuallyHidden}>
        <Table size="small">
          <caption>{m.dashboard.perDayTable}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {m.dashboard.day}
              </TableCell>
              {people.map((p) => (
                <TableCell key={p.actor} component="th" scope="col" align="right">
                  {p.name}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {m.dashboard.changesTotal}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {busy.map((day) => (
              <TableRow key={day}>
                <TableCell component="th" scope="row">
                  {label(day)}
                </TableCell>
                {people.map((p) => (
                  <TableCell key={p.actor} align="right">
                    {number(of(day, p.actor))}
                  </TableCell>
                ))}
                <TableCell align="right">{number(people.reduce((t, p) => t + of(day, p.actor), 0))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
