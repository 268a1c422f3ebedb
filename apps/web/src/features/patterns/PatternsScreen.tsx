import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type DecisionItem, PatternTestPanel, type TestResultBase } from './PatternTestPanel.tsx';
import type { EnabledFilter, PatternBase, PatternKind } from './pattern-kinds.ts';
import { usePatternList, usePatternMutations } from './patterns.api.ts';

export interface PatternForm<P, W, In extends FieldValues> {
  /** The contract's create schema, taking the form's text values (see pattern-forms.ts). */
  schema: z.ZodType<W, In>;
  values: (rule: P | null) => DefaultValues<In>;
  fields: (form: UseFormReturn<In, unknown, W>) => ReactNode;
}

interface PatternsScreenProps<P extends PatternBase, W, In extends FieldValues, R extends TestResultBase<P>> {
  /** "SMTP patterns": the screen's heading (an h2 under the MTA section's h1). */
  title: string;
  intro: string;
  kind: PatternKind<P, W, R>;
  /** The list's own columns (action, status, category …), shown after the pattern. */
  columns: Column<P>[];
  form: PatternForm<P, W, In>;
  decision: (result: R) => DecisionItem[];
  testPlaceholder: string;
  /** More cards under the list (the SMTP screen's destinations in backoff). */
  children?: ReactNode;
}

/** Long rules (some run to hundreds of characters) show three lines in the table; the edit dialog has them whole. */
const clamped = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

const FILTERS: { value: EnabledFilter; label: string }[] = [
  { value: 'all', label: 'All rules' },
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

/**
 * One operator rule list (MTA section): rules in matching order, 50 a page, with create, edit, enable/disable and
 * delete, and beside it a test panel that runs a sample reply or bounce message through the enabled rules.
 */
export function PatternsScreen<P extends PatternBase, W, In extends FieldValues, R extends TestResultBase<P>>({
  title,
  intro,
  kind,
  columns,
  form,
  decision,
  testPlaceholder,
  children,
}: PatternsScreenProps<P, W, In, R>) {
  const [filter, setFilter] = useState<EnabledFilter>('all');
  const list = usePatternList(kind, filter);
  const { create, update, toggle, remove } = usePatternMutations(kind);
  // rule null: a new rule. The rule stays while the dialog closes, so its title does not change mid-animation.
  const [dialog, setDialog] = useState<{ open: boolean; rule: P | null }>({ open: false, rule: null });
  const openDialog = (rule: P | null) => setDialog({ open: true, rule });
  const editing = dialog.rule;
  const [deleting, setDeleting] = useState<P | null>(null);

  const enabledSwitch = (rule: P) => (
    <Switch
      size="small"
      checked={rule.enabled}
      disabled={toggle.isPending && toggle.variables?.id === kind.idOf(rule)}
      onChange={(event) => toggle.mutate({ id: kind.idOf(rule), enabled: event.target.checked })}
      slotProps={{ input: { 'aria-label': `Enabled: rule ${rule.position}` } }}
    />
  );

  const allColumns: Column<P>[] = [
    { id: 'position', label: '#', sortKey: 'position', width: 48, render: (rule) => rule.position },
    {
      id: 'pattern',
      label: 'Pattern',
      sortKey: 'pattern',
      render: (rule) => (
        <Box
          component="code"
          title={rule.pattern}
          sx={{ ...clamped, fontSize: 13, wordBreak: 'break-all', minWidth: { xs: 160, lg: 240 } }}
        >
          {rule.pattern}
        </Box>
      ),
    },
    ...columns,
    {
      id: 'note',
      label: 'Note',
      sortKey: 'note',
      hideBelow: 'lg',
      render: (rule) => (
        <Box title={rule.note} sx={{ ...clamped, minWidth: 140 }}>
          {rule.note || '—'}
        </Box>
      ),
    },
    {
      id: 'enabled',
      label: 'Enabled',
      sortKey: 'enabled',
      hideBelow: 'sm',
      render: (rule) => enabledSwitch(rule),
    },
    {
      id: 'updated',
      label: 'Changed',
      sortKey: 'updated_at',
      hideBelow: 'lg',
      render: (rule) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(rule.updated_at)}</Box>,
    },
  ];

  return (
    <Box component="section" aria-labelledby="patterns-title">
      <Typography id="patterns-title" variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {intro}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(360px, 1fr)' },
        }}
      >
        <DataTable
          label={title}
          columns={allColumns}
          list={list}
          rowKey={kind.idOf}
          searchLabel="Search pattern or note"
          emptyText="No rules yet."
          toolbar={
            <>
              <TextField
                select
                size="small"
                label="Show"
                value={filter}
                onChange={(event) => setFilter(event.target.value as EnabledFilter)}
                // On phones the filter takes what the button leaves.
                sx={{ minWidth: { xs: 0, sm: 130 }, flex: { xs: 1, sm: '0 0 auto' } }}
              >
                {FILTERS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => openDialog(null)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                New rule
              </Button>
            </>
          }
          rowActions={(rule) => (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
              {/* Phones: the switch stays in reach with the actions (its column is hidden there). */}
              <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>{enabledSwitch(rule)}</Box>
              <Tooltip title="Edit">
                <IconButton aria-label={`Edit rule ${rule.position}`} onClick={() => openDialog(rule)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete rule ${rule.position}`} onClick={() => setDeleting(rule)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
        />
        <Box sx={{ position: { xl: 'sticky' }, top: { xl: 80 } }}>
          <PatternTestPanel<P, R>
            listName={title}
            run={kind.test}
            decision={decision}
            onEditMatch={openDialog}
            placeholder={testPlaceholder}
          />
        </Box>
      </Box>
      {children}
      <FormDialog
        open={dialog.open}
        title={editing ? `Edit ${kind.noun} ${editing.position}` : `New ${kind.noun}`}
        schema={form.schema}
        defaultValues={form.values(editing)}
        onSubmit={(body) => (editing ? update.mutateAsync({ id: kind.idOf(editing), body }) : create.mutateAsync(body))}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {(bound) => form.fields(bound)}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${kind.noun}`}
        message={deleting ? `Delete rule ${deleting.position} (${deleting.pattern})? Mail no longer matches it.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(kind.idOf(deleting)) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
