/** What the image pickers accept. */
export const IMAGE_ACCEPT = '.jpg,.png,.jpeg';

// A neutral frame with a simple picture glyph, drawn inline so no binary file ships for it.
const svg =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 120 120'>" +
  "<rect width='120' height='120' fill='#eeeae3'/>" +
  "<rect x='30' y='36' width='60' height='48' rx='4' fill='none' stroke='#a39e93' stroke-width='4'/>" +
  "<circle cx='48' cy='52' r='6' fill='#a39e93'/>" +
  "<path d='M34 80l18-18 12 12 8-8 14 14z' fill='#a39e93'/></svg>";

/** The placeholder shown where a record has no image in a slot. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** Whether a file's name ends as the pickers accept (a dropped file skips the picker's own filter). */
export const isAcceptedImage = (file: File): boolean =>
  IMAGE_ACCEPT.split(',').some((ending) => file.name.toLowerCase().endsWith(ending));
