import { Box, Card, CardContent, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';

/** /info/changelog: what each version brought, newest first. */
export default function Changelog() {
  const t = useMessages().changelog;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ p: 4 }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {t.title}
        </Typography>
        {t.entries.map((entry) => (
          <section key={entry.version} aria-labelledby={`version-${entry.version}`}>
            <Typography id={`version-${entry.version}`} component="h2" variant="h6" sx={{ mt: 3 }}>
              {entry.version}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {entry.date}
            </Typography>
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {entry.changes.map((change) => (
                <Typography component="li" key={change} sx={{ py: 0.5 }}>
                  {change}
                </Typography>
              ))}
            </Box>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
