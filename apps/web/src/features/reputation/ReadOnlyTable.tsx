import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { displayFrom, MessageRow } from '../../components/DataTable.tsx';
import type { CardColumn } from '../../components/ListCard.tsx';

interface ReadOnlyTableProps<T> {
  title: string;
  heading: 'h2' | 'h3';
  description: string;
  rows: readonly T[];
  columns: CardColumn<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
}

/**
 * A card with a table and no row actions (ListCard keeps a column for its buttons, which on a phone pushed the state
 * of a blocklist off the screen): history and listings are only read here.
 */
export function ReadOnlyTable<T>({
  title,
  heading,
  description,
  rows,
  columns,
  rowKey,
  emptyText,
}: ReadOnlyTableProps<T>) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component={heading} sx={{ fontWeight: 600, px: 2, pt: 2 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {description}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.id} sx={{ display: displayFrom(column.hideBelow) }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.id} sx={{ display: displayFrom(column.hideBelow), ...column.cellSx }}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <MessageRow colSpan={columns.length} py={3}>
                {emptyText}
              </MessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
