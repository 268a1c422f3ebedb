import { type BillingItem, type CustomerBilling, formatMinor } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { RowButtons } from '../../components/ListActions.tsx';
import { reportApiError } from '../../lib/api.ts';
import { fetchItem, useBillingItems, useItemMutations } from './billing.api.ts';
import { itemForm, itemFormValues } from './billing-forms.ts';
import { ItemFields } from './ItemFields.tsx';

const money = (i: BillingItem) => `${formatMinor(i.price * i.qty, i.currency)} ${i.currency}`;
const period = (i: BillingItem) => `${i.start} – ${i.end ?? 'no end'}`;

const COLUMNS: Column<BillingItem>[] = [
  {
    id: 'description',
    label: 'Description',
    sortKey: 'description',
    render: (i) => (
      <Box sx={{ minWidth: 120 }}>
        {i.description}
        <Typography variant="body2" color="text.secondary">
          {[i.domain ?? 'Whole account', i.recurring ? 'monthly' : 'one-off', i.active ? null : 'inactive']
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {/* Phones hide the amount column: the total stays in reach here. */}
        <Typography variant="body2" sx={{ display: { sm: 'none' } }}>
          {money(i)}
        </Typography>
      </Box>
    ),
  },
  {
    id: 'amount',
    label: 'Amount',
    sortKey: 'price',
    hideBelow: 'sm',
    render: (i) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {money(i)}
        <Typography variant="body2" color="text.secondary">
          {i.qty} × {formatMinor(i.price, i.currency)}
        </Typography>
      </Box>
    ),
  },
  { id: 'period', label: 'Active', sortKey: 'start', hideBelow: 'md', render: period },
];

/**
 * A customer's billing items (spec 3 and 9): the table starts with empty options; add, edit (the item is read again,
 * so a missing one says 'BillingItem not found!') and delete. `?item={biid}` opens that item's dialog.
 */
export function BillingItemsTable({ billing }: { billing: CustomerBilling }) {
  const list = useBillingItems(billing.cid);
  const { save, remove } = useItemMutations(billing.cid);
  const [dialog, setDialog] = useState<{ open: boolean; item: BillingItem | null }>({ open: false, item: null });
  const [deleting, setDeleting] = useState<BillingItem | null>(null);
  const [search, setSearch] = useSearchParams();
  const currency = billing.tier?.currency ?? 'EUR';

  const openItem = async (biid: number) => {
    try {
      setDialog({ open: true, item: await fetchItem(biid) });
    } catch (error) {
      reportApiError(error);
    }
  };
  const linked = Number(search.get('item'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: open the linked item once per link, not on every render
  useEffect(() => {
    if (!Number.isInteger(linked) || linked <= 0) return;
    void openItem(linked);
    setSearch({}, { replace: true });
  }, [linked]);

  return (
    <Box component="section" aria-labelledby="billing-items-title">
      <Typography id="billing-items-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Billing items
      </Typography>
      <DataTable
        label="Billing items"
        columns={COLUMNS}
        list={list}
        rowKey={(i) => i.biid}
        searchLabel="Search description"
        emptyText="No billing items."
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, item: null })}>
            Add item
          </Button>
        }
        rowActions={(i) => (
          <RowButtons name={i.description} onEdit={() => void openItem(i.biid)} onDelete={() => setDeleting(i)} />
        )}
      />
      <FormDialog
        open={dialog.open}
        title={dialog.item ? `Edit ${dialog.item.description}` : 'Add a billing item'}
        submitLabel={dialog.item ? 'Save' : 'Add'}
        schema={itemForm}
        defaultValues={itemFormValues(billing.cid, dialog.item, currency)}
        onSubmit={(body) => save.mutateAsync({ id: dialog.item?.biid ?? null, body })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      >
        {({ control }) => <ItemFields control={control} domains={billing.domains} />}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete billing item"
        message={deleting ? `Delete ${deleting.description}? Invoices already made keep it.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.biid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
