import { Box, Button, Tooltip, Typography } from '@mui/material';
import type { HistoryEntry } from '../../../domain/history';
import type { FieldDescription, OptionLabels } from '../../../domain/resourceDescription';
import { useLocale, useMessages } from '../../../base/locale';
import { useScheduleSettings } from '../../../base/scheduleSettings';
import { describeEntry, exactTime, relativeTime } from './describe';

interface Props {
  entry: HistoryEntry;
  /** Shown (with the Undo button) only where an undo may be offered. */
  onUndo?: (entry: HistoryEntry) => void;
  busy?: boolean;
  /** The fields' labels (a described resource's texts). */
  labels?: Readonly<Record<string, string>>;
  /** The fields' kinds (a described resource's description), for their values. */
  fields?: Readonly<Record<string, FieldDescription>>;
  /** Its options' labels (the described resource's texts). */
  options?: OptionLabels;
}

/** One entry: its sentences, then on a line of its own '2 hours ago', the exact time on hover and on focus. */
export function HistoryEntryLine({ entry, onUndo, busy = false, labels, fields, options }: Props) {
  const m = useMessages();
  const locale = useLocale();
  const settings = useScheduleSettings();
  const exact = exactTime(entry.at, locale);
  return (
    <Box
      component="li"
      sx={{ py: 1, display: 'flex', gap: 1, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {describeEntry(entry, m, { locale, zone: settings?.timeZone, labels, fields, options }).map((line, i) => (
          <Typography key={i} variant="body2">
            {line}
          </Typography>
        ))}
        {/* describeChild: the exact time describes '2 hours ago' rather than replacing it, and is the native hover
            title while closed. */}
        <Tooltip title={exact} describeChild>
          <Typography component="time" dateTime={entry.at} tabIndex={0} variant="caption" color="text.secondary">
            {relativeTime(entry.at, locale)}
          </Typography>
        </Tooltip>
      </Box>
      {onUndo && (
        <Button size="small" onClick={() => onUndo(entry)} disabled={busy}>
          {m.history.undo}
        </Button>
      )}
    </Box>
  );
}
