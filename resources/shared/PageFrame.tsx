import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useMessages } from '../../base/locale';

/** A record's page (add, edit): its title, a Back button to the list, and a card for the content. */
export function PageFrame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const m = useMessages();
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Button component={Link} to={back} startIcon={<ArrowBackIcon />} variant="outlined" sx={{ ml: 'auto' }}>
          {m.common.back}
        </Button>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
}
