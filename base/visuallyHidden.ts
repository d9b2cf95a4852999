/**
 * Styles that hide an element from sight but keep it in the tab order and the accessibility tree (px as strings: in sx,
 * 1 means 100 %).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
