/**
 * Pages where the top bar's date range filters something (issue 13: the picker only where it
 * filters; the reports share it, showing it as a chip instead of a second picker): the report
 * catalogue and report screens, the recordings lists and the notification lists.
 */
const RANGE_PAGES = [
  /^\/reports(\/logaccess)?\/?$/,
  /^\/(daily|activities|checkinout|surveyreports|timerreports|tasklistreports|chatrecordings|videorecordings)\/?$/,
  /^\/notifications\/[^/]+\/?$/,
];

/** True when the page at `pathname` reads the global date range. */
export function dateRangeApplies(pathname: string): boolean {
  return RANGE_PAGES.some((r) => r.test(pathname));
}
