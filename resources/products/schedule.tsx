import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { format } from '../../domain/messages';
import type { Product } from '../../domain/products';
import { scheduleRefusal, zoneOffsetName, wallTimeOf, type ScheduleState } from '../../domain/schedule';
import { textOf } from '../../domain/translate';
import { getLocale, useMessages } from '../../base/locale';
import { useScheduleSettings } from '../../base/scheduleSettings';
import { IconMark } from '../shared/IconMark';
import { PickedDate, zonedWall } from '../shared/fieldKindViews';

// A product's scheduled status: 'Active from' and 'Active until' on the form, in the shop's time zone; a
// clock on the list. The back end says whether it can schedule at all (Firebase cannot) and in which zone.

/** A product with a time still to apply. */
export const isScheduled = (p: Pick<Product, 'activeFrom' | 'activeUntil'>): boolean =>
  Boolean(p.activeFrom || p.activeUntil);

/** What the mark says: 'Scheduled', then each time ('Active from 2026-03-29 14:30'). */
export function scheduleText(
  p: Pick<Product, 'activeFrom' | 'activeUntil'>,
  zone: string,
  m: ReturnType<typeof useMessages>,
): string {
  const t = m.schedule;
  const parts = [t.mark];
  if (zone && p.activeFrom) parts.push(`${t.activeFrom} ${wallTimeOf(p.activeFrom, zone)}`);
  if (zone && p.activeUntil) parts.push(`${t.activeUntil} ${wallTimeOf(p.activeUntil, zone)}`);
  return parts.join(' · ');
}

/**
 * The list's clock beside a scheduled product's status (IconMark): named by what is scheduled, for screen readers and
 * as its hover text.
 */
export function ScheduleMark({ product }: { product: Product }) {
  const m = useMessages();
  const settings = useScheduleSettings();
  if (!isScheduled(product)) return null;
  const said = scheduleText(product, settings?.timeZone ?? '', m);
  return <IconMark said={said} Icon={ScheduleIcon} color="info.dark" testId="schedule-mark" />;
}

/** The status and times the form holds, as the window rule reads them (a status the form does not hold is active). */
const stateOf = (values: Record<string, unknown>): ScheduleState => {
  const time = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
  return {
    active: values.active !== false,
    activeFrom: time(values.activeFrom),
    activeUntil: time(values.activeUntil),
  };
};

/**
 * A time input's check of the window rule the server decides with (domain/schedule.ts): its message, in the reader's
 * language, when what the form holds breaks it at this field; the server checks again.
 */
const windowRule =
  (field: 'activeFrom' | 'activeUntil') =>
  (_value: unknown, values: Record<string, unknown>): string | undefined => {
    const wrong = scheduleRefusal(stateOf(values), new Date().toISOString());
    return wrong?.field === field ? textOf(wrong.said, getLocale()) : undefined;
  };
const fromRule = windowRule('activeFrom');
const untilRule = windowRule('activeUntil');

/**
 * Once a save was tried, checks both times again when the status or either time changes: the rule reads all three, so
 * a message goes as soon as the form is right (react-hook-form checks again only the field that changed). Only on a
 * change: checking at the refusal itself would clear the message the server just gave (a time in the past).
 */
function useWindowRecheck(shown: boolean): void {
  const { trigger, formState } = useFormContext();
  const tried = formState.isSubmitted;
  const watched = JSON.stringify(useWatch({ name: ['active', 'activeFrom', 'activeUntil'] }));
  const last = useRef(watched);
  useEffect(() => {
    if (watched === last.current) return;
    last.current = watched;
    if (shown && tried) void trigger(['activeFrom', 'activeUntil']);
  }, [shown, tried, trigger, watched]);
}

/**
 * 'Active from' and 'Active until' on Add and Edit Product: wall times in the shop's zone (named under them), picked
 * or typed in the console's language (MUI X's picker, as every date here), held in the form as the instants the API
 * takes; where the back end cannot schedule, a line saying so instead.
 */
export function ScheduleInputs() {
  const m = useMessages();
  const t = m.schedule;
  const settings = useScheduleSettings();
  useWindowRecheck(Boolean(settings?.available));
  if (!settings) return null;
  if (!settings.available) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} data-testid="schedule-unavailable">
        {t.unavailable}
      </Typography>
    );
  }
  const zone = settings.timeZone;
  const hintId = 'product-schedule-zone';
  // The picker shows the wall time of the instant held; what is picked becomes the instant ('' when cleared).
  const common = {
    optional: true,
    readOnly: false,
    withTime: true,
    wall: zonedWall(zone),
    quiet: true,
    describedBy: hintId,
  };
  return (
    <Box role="group" aria-labelledby="product-schedule-heading" sx={{ mt: 1 }}>
      <Typography id="product-schedule-heading" component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {t.mark}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        <PickedDate source="activeFrom" label={t.activeFrom} validate={fromRule} {...common} />
        <PickedDate source="activeUntil" label={t.activeUntil} validate={untilRule} {...common} />
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {format(t.timeZone, { zone: `${zone} (${zoneOffsetName(zone)})` })}
      </Typography>
    </Box>
  );
}

/**
 * The times as the form sends them: each the form holds, as an instant or null to clear it; one it never held (a new
 * product's untouched field, a back end without a scheduler) is left out.
 */
export function scheduleData(values: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of ['activeFrom', 'activeUntil'] as const) {
    const v = values[key];
    if (v !== undefined) out[key] = typeof v === 'string' && v ? v : null;
  }
  return out;
}
