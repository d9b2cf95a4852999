import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS, IMAGE_ADDRESS_MAX } from '../../../scripts/firestoreRules';
import { imageAddressOf } from '../../../providers/firebase/imageAddress';

// The Firebase provider's image rule (providers/firebase/imageAddress.ts) takes what the generated rules take
// (scripts/firestoreRules.ts, IMAGE_ADDRESS, whole-string match as the rules' `matches`) for the app's own bucket,
// and refuses what they refuse.
const project = 'shop-1';
const rules = new RegExp(`^(?:${IMAGE_ADDRESS.before}${project}${IMAGE_ADDRESS.after})$`);
const address = (bucket: string, rest = 'Uploads%2Fuid_1_photo.jpg?alt=media&token=0a1b2c3d-0000-4000-8000-00000000') =>
  `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/${rest}`;

describe('a described resource’s image address over Firebase', () => {
  it('takes a download address of the bucket’s Uploads/ folder, as the rules do, for either bucket name', () => {
    for (const bucket of [`${project}.appspot.com`, `${project}.firebasestorage.app`]) {
      expect(rules.test(address(bucket))).toBe(true);
      expect(imageAddressOf(bucket).safeParse(address(bucket)).success).toBe(true);
    }
  });

  it('refuses what the rules refuse: another bucket or folder, no token, our server’s address, too long', () => {
    const bucket = `${project}.appspot.com`;
    const rule = imageAddressOf(bucket);
    const refused = [
      address(`other.appspot.com`),
      address(bucket, 'Elsewhere%2Fphoto.jpg?alt=media&token=0a1b'),
      address(bucket, 'Uploads%2Fphoto.jpg?alt=media'),
      address(bucket, 'Uploads%2Fa%2Fb/c.jpg?alt=media&token=0a1b'),
      '/files/Uploads/photo.jpg',
      address(bucket, `Uploads%2F${'a'.repeat(IMAGE_ADDRESS_MAX)}.jpg?alt=media&token=0a1b`),
    ];
    for (const a of refused) {
      expect(rule.safeParse(a).success, a).toBe(false);
      if (a.length <= IMAGE_ADDRESS_MAX) expect(rules.test(a), a).toBe(false);
    }
  });
});
