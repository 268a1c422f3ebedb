import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A row's Edit (when `onEdit` is given) and Delete icon buttons, labelled "Edit {name}" and "Delete {name}". */
export function RowButtons(props: { name: string; editTooltip?: string; onEdit?: () => void; onDelete: () => void }) {
  return (
    <>
      {props.onEdit ? (
        <Tooltip title={props.editTooltip ?? 'Edit'}>
          <IconButton aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** An on/off switch in each row (enabled, active): it saves at once. */
export interface RowToggle<T> {
  checked: (row: T) => boolean;
  /** For screen readers and tests: "Enabled: phish.example.net". */
  label: (row: T) => string;
  /** The row's own switch waits while its save runs. */
  pending?: (row: T) => boolean;
  set: (row: T, on: boolean) => void;
}

export function ToggleSwitch<T>({ row, toggle }: { row: T; toggle: RowToggle<T> }) {
  return (
    <Switch
      size="small"
      checked={toggle.checked(row)}
      disabled={toggle.pending?.(row) ?? false}
      onChange={(event) => toggle.set(row, event.target.checked)}
      slotProps={{ input: { 'aria-label': toggle.label(row) } }}
    />
  );
}

/**
 * A row's last cell: its buttons, and on phones the row's switch before them (its own column is hidden below sm there,
 * so it stays in reach with the actions).
 */
export function RowActions<T>({ row, toggle, children }: { row: T; toggle?: RowToggle<T>; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {toggle ? (
        <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
          <ToggleSwitch row={row} toggle={toggle} />
        </Box>
      ) : null}
      {children}
    </Stack>
  );
}

/** What useToggleMutation gives, as far as a switch needs it. */
interface ToggleMutation {
  isPending: boolean;
  variables?: { id: number; enabled: boolean } | undefined;
  mutate: (variables: { id: number; enabled: boolean }) => void;
}

/** The Enabled switch of a rule or entry, named "Enabled: {name}", saving through a toggle mutation. */
export function enabledToggle<T extends { enabled: boolean }>(
  mutation: ToggleMutation,
  idOf: (row: T) => number,
  name: (row: T) => string,
): RowToggle<T> {
  return {
    checked: (row) => row.enabled,
    label: (row) => `Enabled: ${name(row)}`,
    pending: (row) => mutation.isPending && mutation.variables?.id === idOf(row),
    set: (row, enabled) => mutation.mutate({ id: idOf(row), enabled }),
  };
}

/** The enabled filter above a list: every row, or only the enabled or disabled ones (the API's `enabled` query). */
export type EnabledFilter = 'all' | 'true' | 'false';

export const enabledFilterOptions = (all: string): FilterOption<EnabledFilter>[] => [
  { value: 'all', label: all },
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export interface ListFilter<V extends string> {
  /** "Show", "List". */
  label: string;
  value: V;
  options: FilterOption<V>[];
  onChange: (value: V) => void;
}

/** A select beside the Add button that narrows the list; on phones it takes what the button leaves. */
export function FilterSelect<V extends string>({ label, value, options, onChange }: ListFilter<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth: { xs: 0, sm: 130 }, flex: { xs: 1, sm: '0 0 auto' } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
