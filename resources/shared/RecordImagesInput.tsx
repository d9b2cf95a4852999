import { useState } from 'react';
import { useDataProvider, useInput, useNotify } from 'react-admin';
import { Box, Button, FormHelperText, FormLabel, IconButton, LinearProgress, Stack } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { format } from '../../domain/messages';
import { messageOf } from '../../base/errors';
import { IMAGE_ACCEPT } from '../products/images';

interface Props {
  source: string;
  label: string;
  /** The most images the field holds. */
  max: number;
  readOnly?: boolean;
}

/**
 * A described resource's images: a list of addresses made by the upload pipeline (the provider's uploadImage, so
 * large files resume), in order, each removable, with the running upload's progress shown. The products' own
 * image slots (a primary, thumbnails, reordering by dragging) stay theirs (resources/products/ImagesInput.tsx).
 */
export function RecordImagesInput({ source, label, max, readOnly = false }: Props) {
  const m = useMessages();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field, fieldState } = useInput<string[]>({ source, defaultValue: [] });
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  const [running, setRunning] = useState<{ name: string; percent: number } | null>(null);
  const id = `${source}-images`;

  const upload = async (file: File): Promise<void> => {
    setRunning({ name: file.name, percent: 0 });
    try {
      const handle = await dataProvider.uploadImage(file, {
        onProgress: (sent, total) => setRunning({ name: file.name, percent: total > 0 ? (sent / total) * 100 : 0 }),
      });
      const image = await handle.done;
      field.onChange([...images, image.address]);
    } catch (err) {
      notify(format(m.records.uploadFailed, { name: file.name, reason: messageOf(err) ?? m.errors.server }), {
        type: 'error',
      });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {images.map((address, i) => (
          <Box key={address} sx={{ position: 'relative' }}>
            <Box
              component="img"
              src={address}
              alt=""
              sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            {!readOnly && (
              <IconButton
                size="small"
                aria-label={format(m.records.removeImage, { n: i + 1 })}
                onClick={() => field.onChange(images.filter((_, j) => j !== i))}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Stack>
      {running && (
        <Box sx={{ mt: 1, maxWidth: 320 }}>
          <LinearProgress
            variant="determinate"
            value={running.percent}
            aria-label={format(m.records.uploading, { name: running.name })}
          />
        </Box>
      )}
      {!readOnly && images.length < max && (
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={running !== null}
          sx={{ mt: 1 }}
        >
          {m.records.addImage}
          <input
            hidden
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
      )}
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
