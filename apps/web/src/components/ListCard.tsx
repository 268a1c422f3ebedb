import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type CSSProperties, type ReactNode, useId } from 'react';
import { displayFrom, MessageRow } from './DataTable.tsx';
import { RowActions, type RowToggle } from './ListActions.tsx';
import { stickyRight, stickySurface, useMoreOnTheRight } from './stickyColumn.ts';

export interface CardColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Secondary columns hide on narrow screens: below md (phones and small tablets) or below sm (phones). */
  hideBelow?: 'sm' | 'md';
  /** The body cells' own style (monospace, a minimum width, …). */
  cellSx?: CSSProperties;
}

interface ListCardProps<T> {
  /** The card's heading, also the table's name. */
  title: string;
  /** h2 on a screen of its own cards, h3 under a list screen's h2. */
  heading: 'h2' | 'h3';
  description: ReactNode;
  /** A button beside the heading (e.g. "Add pattern"). */
  action?: ReactNode;
  /** The progress bar's name ("Loading patterns"). */
  loadingLabel: string;
  /** The list's query: a whole, unpaged list (`{ items }`). */
  query: { data?: { items: T[] } | undefined; isFetching: boolean; isPending: boolean; isError: boolean };
  columns: CardColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The buttons in each row's last cell. */
  rowActions: (row: T) => ReactNode;
  /** A switch per row, in a column of the card's (hidden below sm); on phones it sits with the row's buttons. */
  toggle?: RowToggle<T>;
  emptyText: string;
  errorText: string;
  /** Space above the card, in theme spacing units. */
  mt?: number;
}

/**
 * A short list that is loaded whole, as a card within a screen (a domain's recipient patterns, the destinations in
 * backoff): heading, description and an optional button, a progress bar while loading, the rows, an empty state.
 * A table wider than the card (on a phone) scrolls sideways, and the row's buttons stay in reach at its right edge.
 */
export function ListCard<T>(props: ListCardProps<T>) {
  const titleId = useId();
  const { query, columns } = props;
  const items = query.data?.items ?? [];
  const more = useMoreOnTheRight();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ ...stickySurface, mt: props.mt }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, pb: 1, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id={titleId} variant="subtitle1" component={props.heading} sx={{ fontWeight: 600 }}>
            {props.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.description}
          </Typography>
        </Box>
        {props.action}
      </Stack>
      <Box sx={{ height: 4 }}>{query.isFetching ? <LinearProgress aria-label={props.loadingLabel} /> : null}</Box>
      <TableContainer {...more}>
        <Table size="small" aria-label={props.title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.id} sx={{ display: displayFrom(column.hideBelow) }}>
                  {column.label}
                </TableCell>
              ))}
              <TableCell sx={stickyRight} />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <TableRow key={props.rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.id} sx={{ display: displayFrom(column.hideBelow), ...column.cellSx }}>
                    {column.render(row)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={[stickyRight, { whiteSpace: 'nowrap', py: 0 }]}>
                  <RowActions row={row} toggle={props.toggle}>
                    {props.rowActions(row)}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
            {items.length === 0 && !query.isPending ? (
              <MessageRow colSpan={columns.length + 1} py={3}>
                {query.isError ? props.errorText : props.emptyText}
              </MessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
