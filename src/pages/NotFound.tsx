import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { useMessages } from '../../base/locale';

/** Any unknown path: the spec's 404 text and a way home. */
export default function NotFound() {
  const m = useMessages();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography component="p" variant="h3" sx={{ mb: 1 }} aria-hidden="true" color="text.secondary">
        404
      </Typography>
      <Typography component="h1" variant="h6" sx={{ mb: 3 }}>
        {m.notFound.body}
      </Typography>
      <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
        {m.notFound.back}
      </Button>
    </Box>
  );
}
