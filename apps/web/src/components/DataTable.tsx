import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { SearchBox } from './SearchBox.tsx';
import { stickyRight, stickySurface, useMoreOnTheRight } from './stickyColumn.ts';
import type { PagedList } from './usePagedList.ts';

export interface Column<T> {
  /** Unique within the table. */
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The API's sort field; columns without one are not sortable. */
  sortKey?: string;
  align?: TableCellProps['align'];
  /** Secondary columns hide below this breakpoint; a table still wider than its area scrolls sideways. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  width?: number | string;
}

interface DataTableProps<T> {
  /** Names the table for screen readers and tests, e.g. "Users". */
  label: string;
  columns: Column<T>[];
  list: PagedList<T>;
  rowKey: (row: T) => string | number;
  /** Buttons per row (edit, delete, …), in a last column without a heading text. */
  rowActions?: (row: T) => ReactNode;
  /** Shows a search box; its text goes to the server as `search`. */
  searchLabel?: string;
  /** Buttons above the table (e.g. "New customer"). */
  toolbar?: ReactNode;
  /** What an empty list says ("No users yet."); a search with no match says so itself. */
  emptyText: string;
  /**
   * Opens a row from a click anywhere on it (a mouse convenience: the row still needs a link or button of its own for
   * the keyboard). Clicks on the row's own buttons and links are theirs.
   */
  onRowClick?: (row: T) => void;
}

/**
 * A server-side paged table (ARCHITECTURE 6): sort, search and paging go to the server through usePagedList; the
 * total count drives the pager. Shows a progress bar while loading, the previous rows while the next page loads,
 * and an empty state. Narrow screens drop the columns marked `hideBelow`; a table still wider than its area scrolls
 * sideways, the row buttons staying at its right edge.
 */
export function DataTable<T>({
  label,
  columns,
  list,
  rowKey,
  rowActions,
  onRowClick,
  searchLabel,
  toolbar,
  emptyText,
}: DataTableProps<T>) {
  const { page } = list;
  const colSpan = columns.length + (rowActions ? 1 : 0);
  const paged = page.limit > 0;
  const more = useMoreOnTheRight();
  return (
    <Paper variant="outlined" sx={stickySurface}>
      {searchLabel || toolbar ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ p: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          {searchLabel ? <SearchBox label={searchLabel} onSearch={list.setSearch} /> : <span />}
          {toolbar ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {toolbar}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
      <Box sx={{ height: 4 }}>{list.isFetching ? <LinearProgress aria-label={`Loading ${label}`} /> : null}</Box>
      <TableContainer {...more}>
        <Table size="small" aria-label={label} aria-busy={list.isFetching}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, whiteSpace: 'nowrap', display: displayFrom(column.hideBelow) }}
                  sortDirection={page.sort === column.sortKey ? page.order : false}
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      active={page.sort === column.sortKey}
                      direction={page.sort === column.sortKey ? page.order : 'asc'}
                      onClick={() => column.sortKey && list.toggleSort(column.sortKey)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              {rowActions ? <TableCell align="right" aria-label="Actions" sx={stickyRight} /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover
                onClick={onRowClick ? (event) => openFromRow(event, () => onRowClick(row)) : undefined}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={{ display: displayFrom(column.hideBelow) }}>
                    {column.render(row)}
                  </TableCell>
                ))}
                {rowActions ? (
                  <TableCell align="right" sx={[stickyRight, { whiteSpace: 'nowrap', py: 0 }]}>
                    {rowActions(row)}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {list.items.length === 0 && !list.isLoading ? (
              <MessageRow colSpan={colSpan}>
                {list.isError
                  ? 'The list could not be loaded.'
                  : page.search
                    ? 'Nothing matches the search.'
                    : emptyText}
              </MessageRow>
            ) : null}
            {list.isLoading ? <MessageRow colSpan={colSpan}>Loading…</MessageRow> : null}
          </TableBody>
        </Table>
      </TableContainer>
      {paged ? (
        <TablePagination
          component="div"
          count={list.total}
          page={list.total === 0 ? 0 : Math.min(Math.floor(page.skip / page.limit), lastPage(list.total, page.limit))}
          rowsPerPage={page.limit}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => list.setSkip(next * page.limit)}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5, textAlign: 'right' }}>
          {list.total} in all
        </Typography>
      )}
    </Paper>
  );
}

/** A row across the whole table that says why there are no rows (empty, no match, loading, failed). */
export function MessageRow({ colSpan, py = 4, children }: { colSpan: number; py?: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py, textAlign: 'center', color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

function lastPage(total: number, limit: number): number {
  return Math.max(0, Math.ceil(total / limit) - 1);
}

/** A cell's display for a column hidden below `breakpoint` (none: always shown). */
export function displayFrom(breakpoint: Column<unknown>['hideBelow']) {
  return breakpoint ? { xs: 'none', [breakpoint]: 'table-cell' } : undefined;
}

/** A click on the row itself (not on a control inside it) opens the row; selecting text does not. */
function openFromRow(event: MouseEvent<HTMLTableRowElement>, open: () => void) {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, label, [role="button"], [role="switch"]')) return;
  if (window.getSelection()?.toString()) return;
  open();
}
