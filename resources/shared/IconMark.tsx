import { Box, Tooltip } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * A mark beside a record's name in a list: an icon (a shape, not only a colour) named by what it says (`said`) for
 * screen readers and as its hover text, which takes the keyboard's focus so the text shows without a mouse too. The
 * marks of missing texts (MissingTextMarks.tsx), of a product's schedule (products/schedule.tsx) and of a described
 * record's scheduled changes (ScheduledChanges.tsx) are each one of these.
 */
export function IconMark({
  said,
  Icon,
  color,
  testId,
}: {
  said: string;
  Icon: SvgIconComponent;
  color: string;
  testId?: string;
}) {
  return (
    <Tooltip title={said}>
      <Box
        component="span"
        role="img"
        aria-label={said}
        tabIndex={0}
        data-testid={testId}
        sx={{
          display: 'inline-flex',
          verticalAlign: 'text-bottom',
          ml: 1,
          color,
          borderRadius: 0.5,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Icon fontSize="small" aria-hidden />
      </Box>
    </Tooltip>
  );
}
