import { Box } from '@mui/material';
import { PLACEHOLDER_IMAGE } from './images';

/**
 * A list row's image: a small thumbnail (the placeholder where the record has none). Decorative: the name beside it
 * says what it is.
 */
export function ListThumbnail({ src }: { src: string | undefined }) {
  return (
    <Box
      component="img"
      src={src ?? PLACEHOLDER_IMAGE}
      alt=""
      loading="lazy"
      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, display: 'block', bgcolor: 'grey.100' }}
    />
  );
}

/** An images field's thumbnails, as the record's answer names them (server/core/described.ts, withThumbnails). */
export const thumbnailsOf = (record: Record<string, unknown> | undefined, field: string): string[] | undefined =>
  (record?.thumbnails as Record<string, string[]> | undefined)?.[field];

/** The first image's thumbnail of an images field, as the record's answer names it (else the image itself). */
export function firstThumbnail(record: Record<string, unknown>, field: string): string | undefined {
  const named = thumbnailsOf(record, field)?.[0];
  const images = record[field];
  return named ?? (Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined);
}
