import Box from '@mui/material/Box';
import type { Column } from './DataTable.tsx';
import { formatDateTime } from './format.ts';
import { type RowToggle, ToggleSwitch } from './ListActions.tsx';

/** The sortable Enabled column; phones hide it (ListScreen then shows the switch with the row's actions). */
export function enabledColumn<T>(toggle: RowToggle<T>): Column<T> {
  return {
    id: 'enabled',
    label: 'Enabled',
    sortKey: 'enabled',
    hideBelow: 'sm',
    render: (row) => <ToggleSwitch row={row} toggle={toggle} />,
  };
}

/** A date and time column (Added, Changed) that never wraps. */
export function dateColumn<T>({
  value,
  ...column
}: Omit<Column<T>, 'render'> & { value: (row: T) => string }): Column<T> {
  return { ...column, render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(value(row))}</Box> };
}
