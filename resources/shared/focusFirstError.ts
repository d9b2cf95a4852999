/** The element to focus for a field marked invalid: itself, or for a select's hidden input, its combobox. */
function focusable(el: Element): HTMLElement | null {
  if (el.getAttribute('aria-hidden') === 'true')
    return el.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? null;
  return el instanceof HTMLElement ? el : null;
}

/**
 * Once a refused save's messages are drawn, focuses the first field in error in the form with this id, in the
 * order the form shows them. (A refusal by the form's own rules is focused by react-hook-form already; this is for
 * the errors a save hands back: the server's field messages, an image that did not upload.)
 */
export function focusFirstError(formId: string, framesLeft = 30): void {
  // The marks appear when the form has re-rendered with the errors, which may take a few frames.
  requestAnimationFrame(() => {
    for (const el of document.getElementById(formId)?.querySelectorAll('[aria-invalid="true"]') ?? []) {
      const target = focusable(el);
      if (target) return target.focus();
    }
    if (framesLeft > 0) focusFirstError(formId, framesLeft - 1);
  });
}
