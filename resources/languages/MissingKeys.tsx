import { Alert, AlertTitle, Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMessages } from '../../base/locale';

/** The keys the other language has and this one lacks, each with a button that adds its input here. */
export function MissingKeys({ keys, onAdd }: { keys: readonly string[]; onAdd: (key: string) => void }) {
  const t = useMessages().languages;
  if (keys.length === 0) return null;
  return (
    // A region, not an alert: it is part of the page, not news to interrupt with.
    <Alert severity="warning" component="section" role="region" aria-labelledby="missing-here" sx={{ mt: 3 }}>
      <AlertTitle id="missing-here">{t.missingHere}</AlertTitle>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {keys.map((key) => (
          <li key={key}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<AddIcon />}
              onClick={() => onAdd(key)}
              aria-label={`${t.addKey} ${key}`}
              // Keys are case-sensitive: show them exactly as stored.
              sx={{ textTransform: 'none' }}
            >
              {key}
            </Button>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
