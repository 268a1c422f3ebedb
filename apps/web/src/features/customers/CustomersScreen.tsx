import type { Customer } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { reportApiError } from '../../lib/api.ts';
import { switchToCustomer } from '../../lib/customer-switch.ts';
import { useAppState } from '../../lib/store.ts';
import { type CustomerAction, CustomerActions } from './CustomerActions.tsx';
import { CustomerFormDialog } from './CustomerFormDialog.tsx';
import { askDeleteConfirm, useCustomersList, useDeleteCustomer, useSignContract } from './customers.api.ts';

const COLUMNS: Column<Customer>[] = [
  {
    id: 'customer',
    label: 'Customer',
    sortKey: 'customer',
    render: (customer) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {customer.customer}
        </Typography>
        {customer.partner ? <Chip size="small" label="partner" color="primary" variant="outlined" /> : null}
      </Box>
    ),
  },
  { id: 'cid', label: 'ID', sortKey: 'cid', hideBelow: 'md', render: (customer) => `#${customer.cid}` },
  { id: 'users', label: 'Users', align: 'right', hideBelow: 'md', render: (customer) => customer.users_count },
  {
    id: 'contract',
    label: 'Contract',
    hideBelow: 'lg',
    render: (customer) =>
      customer.contract_signed_at ? `Signed ${formatDate(customer.contract_signed_at)}` : 'Not signed',
  },
  {
    id: 'created',
    label: 'Created',
    sortKey: 'created_at',
    hideBelow: 'lg',
    render: (customer) => formatDate(customer.created_at),
  },
];

interface PendingDelete {
  customer: Customer;
  confirm: string;
}

/** /accounts/customers (superadmin): every customer, paged on the server; create, edit, act as, delete. */
export default function CustomersScreen() {
  const list = useCustomersList();
  const ownCid = useAppState((s) => s.session?.origin.cid);
  const navigate = useNavigate();
  const location = useLocation();
  const [editing, setEditing] = useState<Customer | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<PendingDelete | null>(null);
  const signContract = useSignContract();
  const remove = useDeleteCustomer();

  const onAction = async (customer: Customer, action: CustomerAction) => {
    try {
      if (action === 'edit') {
        setEditing(customer);
        setFormOpen(true);
      } else if (action === 'billing') {
        navigate(`/accounts/customers/${customer.cid}/billing`);
      } else if (action === 'contract') {
        signContract.mutate(customer.cid);
      } else if (action === 'act-as') {
        await switchToCustomer(customer.cid, navigate, location.pathname + location.search);
      } else {
        // Step one of two: the server hands out the value that the confirmation sends back.
        setDeleting({ customer, confirm: await askDeleteConfirm(customer.cid) });
      }
    } catch (error) {
      reportApiError(error);
    }
  };

  return (
    <Box component="section" aria-label="Customers">
      <DataTable
        label="Customers"
        columns={COLUMNS}
        list={list}
        rowKey={(customer) => customer.cid}
        searchLabel="Search customers"
        emptyText="No customers yet."
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            New customer
          </Button>
        }
        rowActions={(customer) => (
          <CustomerActions
            customer={customer}
            own={customer.cid === ownCid}
            onAction={(c, action) => void onAction(c, action)}
          />
        )}
      />
      <CustomerFormDialog open={formOpen} customer={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete customer"
        message={
          <DialogContentText>
            Delete <strong>{deleting?.customer.customer}</strong> with all its users, domains and data? This cannot be
            undone.
          </DialogContentText>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting ? remove.mutateAsync({ cid: deleting.customer.cid, confirm: deleting.confirm }) : Promise.resolve()
        }
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
