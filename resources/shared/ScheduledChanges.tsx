import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form, SelectInput, required, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { format } from '../../domain/messages';
import { emptyValue, scheduledFieldsOf, type ResourceDescription } from '../../domain/resourceDescription';
import { wallTimeOf, zoneOffsetName } from '../../domain/schedule';
import type { ScheduledChange } from '../../domain/scheduledChanges';
import type { AppDataProvider } from '../../base/backend';
import { fieldMessagesOf, messageOf } from '../../base/errors';
import { useMessages } from '../../base/locale';
import { useScheduleSettings } from '../../base/scheduleSettings';
import { FIELD_KIND_VIEWS, PickedDate, zonedWall } from './fieldKindViews';
import { IconMark } from './IconMark';
import type { ResourceLocaleTexts } from './recordScreens';
import { useFieldCells } from './useFieldCells';

// A described record's scheduled changes (a description's `schedule`, domain/scheduledChanges.ts): the Edit page's
// 'Schedule a change' (a field, its value by the field's own input, a time in the shop's time zone; the pending
// changes, each to cancel) and the list's mark beside a record with a pending change.

/** One pending change in words: 'Fabric set to Blend at 2026-03-29 14:30' (the time in the shop's zone). */
function useChangeText(
  d: ResourceDescription,
  texts: ResourceLocaleTexts,
): (c: ScheduledChange, zone: string) => string {
  const m = useMessages();
  const cell = useFieldCells(
    d,
    texts,
    scheduledFieldsOf(d).map(([k]) => k),
  );
  return (c, zone) =>
    format(m.scheduled.line, {
      field: texts.fields[c.field] ?? c.field,
      value: cell({ id: '', [c.field]: c.value }, c.field),
      at: zone ? wallTimeOf(c.at, zone) : c.at,
    });
}

type MarkProps = { description: ResourceDescription; texts: ResourceLocaleTexts; record: RaRecord };

/** What a record's mark says ('Scheduled: Fabric set to Cotton at …'), or null while nothing is pending. */
function useMarkText({ description, texts, record }: MarkProps): string | null {
  const m = useMessages();
  const zone = useScheduleSettings()?.timeZone ?? '';
  const text = useChangeText(description, texts);
  const pending = (record.scheduled ?? []) as ScheduledChange[];
  if (pending.length === 0) return null;
  return format(m.scheduled.mark, { changes: pending.map((c) => text(c, zone)).join('; ') });
}

/** The list's mark beside a record with a pending change (its answer's `scheduled`), naming each. */
export function ScheduledMark(props: MarkProps) {
  const said = useMarkText(props);
  return said && <IconMark said={said} Icon={EventRepeatIcon} color="info.dark" testId="scheduled-mark" />;
}

/** The same on a phone's list, where nothing hovers: the words under the row's text. */
export function ScheduledNote(props: MarkProps) {
  const said = useMarkText(props);
  return (
    said && (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mr: 1 }}>
        <EventRepeatIcon aria-hidden sx={{ fontSize: '1rem', color: 'info.dark' }} />
        {said}
      </Box>
    )
  );
}

/** The field, its value (by the field's own input, empty again when another field is picked) and the time. */
function ChangeInputs({
  description,
  texts,
  zone,
}: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  zone: string;
}) {
  const m = useMessages();
  const wall = useMemo(() => zonedWall(zone), [zone]);
  const fields = scheduledFieldsOf(description);
  const field = useWatch({ name: 'field' }) as string;
  const { setValue } = useFormContext();
  const last = useRef(field);
  useEffect(() => {
    if (field === last.current) return;
    last.current = field;
    const spec = description.fields[field];
    if (spec) setValue('value', emptyValue(spec));
  }, [description, field, setValue]);
  const spec = description.fields[field];
  const Input = spec ? FIELD_KIND_VIEWS[spec.kind].Input : null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
      <SelectInput
        source="field"
        label={m.scheduled.field}
        validate={required()}
        choices={fields.map(([k]) => ({ id: k, name: texts.fields[k] ?? k }))}
      />
      {Input && spec && (
        <Input
          key={field}
          source="value"
          field={field}
          label={m.scheduled.value}
          spec={spec}
          readOnly={false}
          texts={texts}
        />
      )}
      <PickedDate
        source="at"
        label={m.scheduled.at}
        optional={false}
        readOnly={false}
        withTime
        wall={wall}
        hint={format(m.schedule.timeZone, { zone: `${zone} (${zoneOffsetName(zone)})` })}
      />
    </Box>
  );
}

/**
 * 'Schedule a change' on a described record's Edit page (`schedule`): its pending changes, each with Cancel, and a
 * form to add one; where the back end has no scheduler (Firebase), a line saying so instead.
 */
export function ScheduleSection({
  description,
  texts,
  id,
}: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  id: string;
}) {
  const m = useMessages();
  const t = m.scheduled;
  const settings = useScheduleSettings();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const text = useChangeText(description, texts);
  const [items, setItems] = useState<ScheduledChange[] | null>(null);
  const [failed, setFailed] = useState(false);
  // A new form (its values empty again) after each change scheduled.
  const [round, setRound] = useState(0);
  const available = settings?.available === true;
  const load = useCallback(async () => {
    try {
      setItems(await dataProvider.scheduledChanges(description.name, id));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [dataProvider, description.name, id]);
  useEffect(() => {
    if (available) void load();
  }, [available, load]);
  if (!settings) return null;
  const headingId = `${description.name}-schedule-heading`;
  const zone = settings.timeZone;
  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.scheduleChange(description.name, id, {
        field: String(values.field),
        value: values.value,
        at: String(values.at ?? ''),
      });
      notify(t.added, { type: 'success' });
      setRound((n) => n + 1);
      await load();
      return undefined;
    } catch (err) {
      // A refusal naming its part (the value, the time) is shown beside it; anything else as a notice.
      const fields = fieldMessagesOf(err);
      if (fields) return fields;
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      return undefined;
    }
  };
  const cancel = async (c: ScheduledChange) => {
    try {
      await dataProvider.cancelScheduledChange(description.name, id, c.id);
      notify(t.cancelled, { type: 'success' });
    } catch (err) {
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
    }
    await load();
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t.heading}
      </Typography>
      {!available ? (
        <Typography variant="body2" color="text.secondary" data-testid="scheduled-unavailable">
          {m.firebase.notAvailable}
        </Typography>
      ) : (
        <>
          <Typography component="h3" variant="subtitle1">
            {t.pending}
          </Typography>
          {failed ? (
            <Typography color="error" role="alert">
              {t.failed}
            </Typography>
          ) : items && items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t.none}
            </Typography>
          ) : (
            <List dense aria-label={t.pending}>
              {(items ?? []).map((c) => {
                const line = text(c, zone);
                return (
                  <ListItem
                    key={c.id}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        onClick={() => void cancel(c)}
                        aria-label={format(t.cancelOf, { change: line })}
                      >
                        {t.cancel}
                      </Button>
                    }
                  >
                    <ListItemText primary={line} />
                  </ListItem>
                );
              })}
            </List>
          )}
          {/* No field picked at first: its value's input comes with the field. */}
          <Form key={round} record={{ field: '', value: '', at: '' }} onSubmit={submit}>
            <ChangeInputs description={description} texts={texts} zone={zone} />
            <Button type="submit" variant="outlined">
              {t.add}
            </Button>
          </Form>
        </>
      )}
    </Box>
  );
}
