import { useMessages } from '../../base/locale';
import { MAX_IMAGES } from '../../domain/constants';
import { ImageSlots, type ImageSlotsProps } from '../shared/images/ImageSlots';

/** A product's images: the images kind's slots, three of them, at least one needed (the specification's rule). */
export function ProductImages(props: Pick<ImageSlotsProps, 'allSlots' | 'initial' | 'thumbnails'>) {
  const m = useMessages();
  return (
    <ImageSlots
      source="images"
      label={m.products.images}
      max={MAX_IMAGES}
      required
      lastImage={m.products.lastImage}
      {...props}
    />
  );
}
