import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { FormDialog } from './FormDialog.tsx';
import { FilterSelect, type ListFilter, RowActions, RowButtons, type RowToggle } from './ListActions.tsx';
import type { PagedList } from './usePagedList.ts';

/** The add/edit dialog: `row` is null for a new row, else the row being edited. */
export interface ListForm<T, In extends FieldValues, Out> {
  /** The contract's write schema: the form validates with the server's rules. */
  schema: z.ZodType<Out, In>;
  values: (row: T | null) => DefaultValues<In>;
  fields: (form: UseFormReturn<In, unknown, Out>, row: T | null) => ReactNode;
  submit: (body: Out, row: T | null) => Promise<unknown>;
  addTitle: string;
  /** "Edit {name}" unless given. */
  editTitle?: (row: T) => string;
  /** The submit button when adding ("Add"); editing says Save. */
  addSubmitLabel?: string;
}

export interface ListScreenProps<T, In extends FieldValues, Out, V extends string> {
  /** The heading, also the table's name ("URI blocklist"). */
  title: string;
  /** The heading's element id, which names the section. */
  titleId: string;
  /** 1 for a screen of its own (an h1); 2, the default, under a section's tabs. */
  level?: 1 | 2;
  intro: ReactNode;
  /** The intro's widest line in px, 900 unless given; 'none' lets it run across the whole screen. */
  introMaxWidth?: number | 'none';
  /** Something between the intro and the table (an upload's progress). */
  above?: ReactNode;
  columns: Column<T>[];
  list: PagedList<T>;
  rowKey: (row: T) => string | number;
  /** How a row is named in its buttons: "Edit {name}", "Delete {name}". */
  rowName: (row: T) => string;
  searchLabel: string;
  emptyText: string;
  filter?: ListFilter<V>;
  /** More toolbar buttons, before the filter and the Add button ("Upload CSV"). */
  tools?: ReactNode;
  /** The toolbar's button that opens the dialog for a new row. */
  addLabel?: string;
  /** The edit button's tooltip; null when rows are only added and deleted. */
  editTooltip?: string | null;
  /** A switch per row, in a column of the screen's; on phones it also sits with the row's buttons. */
  toggle?: RowToggle<T>;
  form: ListForm<T, In, Out>;
  remove: { title: string; message: (row: T) => string; run: (row: T) => Promise<unknown> };
  /** A card beside the table on wide screens (below it on narrow ones), given a way to open a row's edit dialog. */
  aside?: { minWidth: number; render: (edit: (row: T) => void) => ReactNode };
  /** More below the table. */
  children?: ReactNode;
}

/**
 * One small list screen: heading and intro, a server-side paged DataTable with a filter and an Add
 * button above it, Edit/Delete (and an on/off switch) per row, the add/edit FormDialog and the delete ConfirmDialog.
 * The screen brings its columns, form fields and calls; the snackbar texts come from those calls.
 */
export function ListScreen<T, In extends FieldValues, Out, V extends string = never>(
  props: ListScreenProps<T, In, Out, V>,
) {
  const { form, remove, toggle, aside } = props;
  // row null: a new row. The row stays while the dialog closes, so its title does not change mid-animation.
  const [dialog, setDialog] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  const [deleting, setDeleting] = useState<T | null>(null);
  const openDialog = (row: T | null) => setDialog({ open: true, row });
  const editing = dialog.row;
  const editable = props.editTooltip !== null;
  const level = props.level ?? 2;

  const table = (
    <DataTable
      label={props.title}
      columns={props.columns}
      list={props.list}
      rowKey={props.rowKey}
      searchLabel={props.searchLabel}
      emptyText={props.emptyText}
      toolbar={
        <>
          {props.tools}
          {props.filter ? <FilterSelect {...props.filter} /> : null}
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openDialog(null)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {props.addLabel ?? 'Add'}
          </Button>
        </>
      }
      rowActions={(row) => (
        <RowActions row={row} toggle={toggle}>
          <RowButtons
            name={props.rowName(row)}
            editTooltip={props.editTooltip ?? undefined}
            onEdit={editable ? () => openDialog(row) : undefined}
            onDelete={() => setDeleting(row)}
          />
        </RowActions>
      )}
    />
  );

  return (
    <Box component="section" aria-labelledby={props.titleId}>
      <Typography id={props.titleId} variant={level === 1 ? 'h5' : 'h6'} component={level === 1 ? 'h1' : 'h2'}>
        {props.title}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ ...(level === 1 ? { mt: 1 } : {}), mb: 2, maxWidth: props.introMaxWidth ?? 900 }}
      >
        {props.intro}
      </Typography>
      {props.above}
      {aside ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: `minmax(0, 2fr) minmax(${aside.minWidth}px, 1fr)` },
          }}
        >
          {table}
          {aside.render(openDialog)}
        </Box>
      ) : (
        table
      )}
      {props.children}
      <FormDialog
        open={dialog.open}
        title={editing ? (form.editTitle?.(editing) ?? `Edit ${props.rowName(editing)}`) : form.addTitle}
        schema={form.schema}
        defaultValues={form.values(editing)}
        submitLabel={editing ? 'Save' : (form.addSubmitLabel ?? 'Save')}
        onSubmit={(body) => form.submit(body, editing)}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {(bound) => form.fields(bound, editing)}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={remove.title}
        message={deleting ? remove.message(deleting) : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.run(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
