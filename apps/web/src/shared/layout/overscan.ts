/**
 * Overscan of the virtualised lists (board rows, alarm queue): how many rows beyond each edge of
 * the viewport are rendered.
 * A list of at most SMALL_LIST_ROWS rows is rendered whole (a demo or a branch's own board: every
 * row is in the DOM, for find-in-page and tests); a longer one renders only LONG_LIST_OVERSCAN
 * rows past each edge (issue 20: at 5,000 branches each row more costs the first draw).
 */
export const SMALL_LIST_ROWS = 100;
/** Rows rendered beyond each edge of the viewport in a long list. */
export const LONG_LIST_OVERSCAN = 8;

/** The overscan (rows) for a list of `count` rows. */
export function overscanFor(count: number): number {
  return count <= SMALL_LIST_ROWS ? SMALL_LIST_ROWS : LONG_LIST_OVERSCAN;
}
