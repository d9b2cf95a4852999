/**
 * What is kept of a finished upload once its bytes are gone, until the expiry sweep: a re-sent last PATCH (or a HEAD)
 * is answered as finished with it, instead of 404 (docs/decisions.md, "Overlapping PATCHes").
 */
export interface FinishedUpload {
  size: number;
  owner: string;
  /** The stored image, as JSON (the Upload-Image header). */
  image: string;
  address: string;
}
