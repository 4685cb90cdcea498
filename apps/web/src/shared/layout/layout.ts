/**
 * Layout constants of spec §9 as pure functions: the page (list) height for a window height and
 * the notification alert list's left offset for the drawer state. Units: CSS pixels.
 */
import {
  ALERT_OFFSET_DRAWER_CLOSED_PX,
  ALERT_OFFSET_DRAWER_OPEN_PX,
  PAGE_HEIGHT_OFFSET_PX,
  PAGE_HEIGHT_SMALL_PX,
  PAGE_HEIGHT_SMALL_WINDOW_PX,
} from '@vigil/contract';

/** Page height for a window `windowHeight` px tall: window − 350, or 200 at 555 px or less (spec §9). */
export function pageHeight(windowHeight: number): number {
  return windowHeight <= PAGE_HEIGHT_SMALL_WINDOW_PX ? PAGE_HEIGHT_SMALL_PX : windowHeight - PAGE_HEIGHT_OFFSET_PX;
}

/** Left offset of the notification alert list: 272 px with the drawer shown, 12 px otherwise (spec §9). */
export function alertOffset(drawerShown: boolean): number {
  return drawerShown ? ALERT_OFFSET_DRAWER_OPEN_PX : ALERT_OFFSET_DRAWER_CLOSED_PX;
}
