/** A debounced function: calls `fn` with the last arguments `waitMs` after the last call; `cancel` drops a pending call. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/** Debounce `fn` by `waitMs` milliseconds (spec §9 resize handling: 250 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const d = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  d.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return d;
}
