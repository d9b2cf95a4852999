import { Link } from 'react-router-dom';
import { Box, TextField } from '@mui/material';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { useLacks } from '../../base/lacks';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The exact search page a back end without partial-name search points to: its title and address. */
  exact: { title: string; path: string };
}

/**
 * A list's find box (any part of a name, sent a moment after typing stops). Where the back end has no partial-name
 * search (Firebase), it is shown disabled, saying so at once and pointing to the exact search page.
 */
export function FindBox({ label, value, onChange, exact }: Props) {
  const m = useMessages();
  const lacking = useLacks('partialSearch');
  return (
    <TextField
      type="search"
      label={label}
      value={lacking ? '' : value}
      onChange={(e) => onChange(e.target.value)}
      disabled={lacking}
      size="small"
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 360 } }}
      helperText={
        lacking ? (
          <>
            {m.firebase.notAvailable}{' '}
            <Box component={Link} to={exact.path} sx={{ color: 'primary.main' }}>
              {format(m.firebase.exactSearch, { page: exact.title })}
            </Box>
          </>
        ) : undefined
      }
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}
