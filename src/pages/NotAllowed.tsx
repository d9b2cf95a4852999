import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useMessages } from '../../base/locale';

/** Shown in place of a screen the signed-in user's role does not open. */
export default function NotAllowed() {
  const t = useMessages().notAllowed;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <LockIcon color="action" sx={{ fontSize: 48 }} aria-hidden="true" />
      <Typography component="h1" variant="h5" sx={{ my: 1 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t.body}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t.back}
      </Button>
    </Box>
  );
}
