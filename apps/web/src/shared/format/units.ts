/**
 * Measurements as tables show them (issue 13 "Tables everywhere"): a location's accuracy in whole
 * metres (the column or label names the unit), '—' when there is none.
 */

/** `metres` rounded to a whole number, as text; '—' for null, undefined or a non-finite number. */
export function wholeMetres(metres: number | null | undefined): string {
  return metres == null || !Number.isFinite(metres) ? '—' : String(Math.round(metres));
}
