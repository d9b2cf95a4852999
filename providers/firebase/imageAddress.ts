import { z } from 'zod';
import { said } from '../../domain/translate';

/** The longest image address the rules take (scripts/firestoreRules.ts, IMAGE_ADDRESS_MAX). */
const MAX = 2048;

/**
 * What a described resource's image address is over Firebase: a download address (getDownloadURL, as
 * providers/firebase/uploads.ts answers an upload) of this project's bucket's Uploads/ folder, with its token; the
 * shape the rules ask (scripts/firestoreRules.ts, IMAGE_ADDRESS), so an address they would refuse is named as the
 * field's error before the write. The host is left to the rules (Firebase Storage's; the Storage emulator's here).
 */
export function imageAddressOf(bucket: string): z.ZodType<string> {
  const escaped = bucket.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shape = new RegExp(`^https?://[^/?#]+/v0/b/${escaped}/o/Uploads%2F[^/?#]+\\?alt=media&token=[0-9a-f-]+$`);
  return z.string().max(MAX, said('uploads.notUploaded')).regex(shape, said('uploads.notUploaded'));
}
