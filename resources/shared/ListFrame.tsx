import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

/**
 * A list page (products, users, every described resource): its title as the page's heading with its buttons beside it
 * (export, import, add), wrapping under it where the page is narrow, then the list.
 */
export function ListFrame({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      </Stack>
      {children}
    </Box>
  );
}
