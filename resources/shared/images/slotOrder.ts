/** Where the image at `from` would go when moved one step: the nearest chosen slot before or after it, or null. */
export function neighbour<T>(
  slots: readonly T[],
  from: number,
  step: -1 | 1,
  chosen: (s: T) => boolean,
): number | null {
  for (let i = from + step; i >= 0 && i < slots.length; i += step) if (chosen(slots[i]!)) return i;
  return null;
}

/**
 * The slots after moving the chosen slot at `from` to the place of the chosen slot at `to`: the chosen ones keep
 * their relative order otherwise, and empty slots stay where they are. Null when either is not a chosen slot.
 */
export function moveAmongChosen<T>(
  slots: readonly T[],
  from: number,
  to: number,
  chosen: (s: T) => boolean,
): T[] | null {
  if (from === to || !slots[from] || !slots[to] || !chosen(slots[from]) || !chosen(slots[to])) return null;
  const places = slots.flatMap((s, i) => (chosen(s) ? [i] : []));
  const order = places.map((i) => slots[i]!);
  const [moved] = order.splice(places.indexOf(from), 1);
  order.splice(places.indexOf(to), 0, moved!);
  const next = [...slots];
  places.forEach((place, n) => (next[place] = order[n]!));
  return next;
}

/** The slots without the one at `i`: the chosen ones first, in order, then the others, then `fresh` at the end. */
export function removeSlot<T>(slots: readonly T[], i: number, chosen: (s: T) => boolean, fresh: T): T[] {
  const rest = slots.filter((_, j) => j !== i);
  return [...rest.filter(chosen), ...rest.filter((s) => !chosen(s)), fresh];
}
