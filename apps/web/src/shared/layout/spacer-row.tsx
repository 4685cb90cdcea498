/**
 * The empty table row that stands in for the rows a virtualised table does not draw, above or below
 * the drawn ones (useVirtualRows' `top` / `bottom`, px), so the scrollbar has the whole list's
 * height. Nothing when `height` is 0 (a list drawn whole, or the edge in view).
 */
import { TableCell, TableRow } from '@mui/material';

export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden style={{ height }}>
      <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
    </TableRow>
  );
}
