import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
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

/**
 * A date and time column (Added, Changed) that never wraps. A row without a date shows `empty` ("never"), else "—".
 */
export function dateColumn<T>({
  value,
  empty = '—',
  ...column
}: Omit<Column<T>, 'render'> & { value: (row: T) => string | null; empty?: string }): Column<T> {
  return {
    ...column,
    render: (row) => {
      const at = value(row);
      return <Box sx={{ whiteSpace: 'nowrap' }}>{at ? formatDateTime(at) : empty}</Box>;
    },
  };
}

/**
 * Long text in a cell (a reason, a note, a rule): at most `lines` lines, the whole text in its tooltip (`title`);
 * "—" when there is none.
 */
export function ClampedText({
  text,
  lines,
  code = false,
  sx,
}: {
  text: string;
  lines: number;
  /** Monospace, as a `code` element (patterns). */
  code?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component={code ? 'code' : 'div'}
      title={text}
      sx={[
        {
          display: '-webkit-box',
          WebkitLineClamp: lines,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          // A long word (a URL, a pattern) breaks too, rather than widening the column and the table.
          overflowWrap: 'anywhere',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {text || '—'}
    </Box>
  );
}
