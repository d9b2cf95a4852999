import { useInput } from 'react-admin';
import { Box, FormLabel, Stack, Typography } from '@mui/material';
import { useMessages } from '../../../base/locale';

/**
 * An images field read-only (Show, or locked): the images in their order by their thumbnails (the images themselves
 * where the record gives none), the first named the primary image.
 */
export function ImagesShown({
  source,
  label,
  thumbnails = [],
}: {
  source: string;
  label: string;
  thumbnails?: string[];
}) {
  const t = useMessages().images;
  const { field, id } = useInput<string[]>({ source });
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      {images.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t.noImage}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {images.map((address, i) => (
            <Box
              key={address}
              component="img"
              src={thumbnails[i] ?? address}
              alt={i === 0 ? `${t.image} ${i + 1}, ${t.primary.toLowerCase()}` : `${t.image} ${i + 1}`}
              sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
