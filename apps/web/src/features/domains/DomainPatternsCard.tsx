import { type DomainPattern, domainPatternWrite } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { RowButtons, type RowToggle, ToggleSwitch } from '../../components/ListActions.tsx';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { useDomainPatternMutations, useDomainPatterns } from './domain-patterns.api.ts';

/**
 * A domain's recipient patterns (domains/{id}/patterns: note, pattern, active), as a card for the domain screen:
 * recipients matching an active pattern are blocked at intake like block suppressions.
 */
export function DomainPatternsCard({ did }: { did: number }) {
  const patterns = useDomainPatterns(did);
  const { save, remove, setActive } = useDomainPatternMutations(did);
  const [dialog, setDialog] = useState<{ open: boolean; pattern: DomainPattern | null }>({
    open: false,
    pattern: null,
  });
  const [deleting, setDeleting] = useState<DomainPattern | null>(null);
  const editing = dialog.pattern;

  const active: RowToggle<DomainPattern> = {
    checked: (pattern) => pattern.active,
    label: (pattern) => `Active: ${pattern.pattern}`,
    set: setActive,
  };
  const columns: CardColumn<DomainPattern>[] = [
    {
      id: 'pattern',
      label: 'Pattern',
      cellSx: { fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 150 },
      render: (pattern) => pattern.pattern,
    },
    { id: 'note', label: 'Note', hideBelow: 'md', render: (pattern) => pattern.note || '—' },
    // Phones: the switch sits with the row's buttons (see ListCard's toggle), so the buttons fit at 390 px.
    {
      id: 'active',
      label: 'Active',
      hideBelow: 'sm',
      render: (pattern) => <ToggleSwitch row={pattern} toggle={active} />,
    },
  ];

  return (
    <>
      <ListCard
        title="Recipient patterns"
        heading="h2"
        description="Mail to a recipient matching an active pattern is blocked. * stands for any run of characters, ? for one; with an @ the pattern matches the whole address (info@*), without one the address's domain (*.example.com)."
        action={
          <Button
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, pattern: null })}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'auto' } }}
          >
            Add pattern
          </Button>
        }
        loadingLabel="Loading patterns"
        query={patterns}
        columns={columns}
        rowKey={(pattern) => pattern.id}
        toggle={active}
        rowActions={(pattern) => (
          <RowButtons
            name={pattern.pattern}
            onEdit={() => setDialog({ open: true, pattern })}
            onDelete={() => setDeleting(pattern)}
          />
        )}
        emptyText="No recipient patterns."
        errorText="The patterns could not be loaded."
      />
      <FormDialog
        open={dialog.open}
        title={editing ? 'Edit recipient pattern' : 'Add a recipient pattern'}
        schema={domainPatternWrite}
        defaultValues={{ pattern: editing?.pattern ?? '', note: editing?.note ?? '', active: editing?.active ?? true }}
        onSubmit={(body) => save.mutateAsync({ id: editing?.id ?? null, body })}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {({ control }) => (
          <>
            <FormTextField
              control={control}
              name="pattern"
              label="Pattern"
              autoFocus
              helperText="e.g. *@competitor.example, info@*, *+test@example.com or *.example.com"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <FormTextField control={control} name="note" label="Note" />
            <FormSwitch control={control} name="active" label="Active" />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete recipient pattern"
        message={deleting ? `Delete ${deleting.pattern}? Mail to matching recipients is sent again.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
