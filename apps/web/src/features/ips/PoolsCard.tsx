import type { IpPool } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { AssignPoolDialog, type AssignTarget } from './AssignPoolDialog.tsx';
import { usePoolMutations, type usePools } from './ips.api.ts';
import { PoolDialog } from './PoolDialog.tsx';
import { RowMenu } from './RowMenu.tsx';

const columns: CardColumn<IpPool>[] = [
  {
    id: 'title',
    label: 'Pool',
    cellSx: { minWidth: 120 },
    render: (pool) => (
      <>
        {pool.title} {pool.is_default ? <Chip size="small" label="default" sx={{ ml: 0.5 }} /> : null}
        {/* On a phone the owner goes under the title instead of a column of its own. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ display: { xs: 'block', sm: 'none' } }}
        >
          {pool.customer ?? 'System'}
        </Typography>
      </>
    ),
  },
  { id: 'owner', label: 'Owner', hideBelow: 'sm', render: (pool) => pool.customer ?? 'System' },
  {
    id: 'ips',
    label: 'IPs',
    cellSx: { fontFamily: 'monospace', minWidth: 100 },
    render: (pool) => (pool.ips.length ? pool.ips.map((ip) => <div key={ip.ipid}>{ip.ip}</div>) : '—'),
  },
  {
    id: 'used',
    label: 'Used by',
    hideBelow: 'md',
    render: (pool) =>
      [...pool.domains.map((d) => d.name), ...pool.customers.map((c) => `${c.name} (customer)`)].join(', ') || '—',
  },
];

/** The pools: system pools (one of them the default) and customers' dedicated pools; assigned to domains. */
export function PoolsCard({ query }: { query: ReturnType<typeof usePools> }) {
  const { save, remove, assignDomain, assignCustomer } = usePoolMutations();
  const [editing, setEditing] = useState<IpPool | 'new' | null>(null);
  const [assigning, setAssigning] = useState<IpPool | null>(null);
  const [deleting, setDeleting] = useState<IpPool | null>(null);
  return (
    <>
      <ListCard
        title="IP pools"
        heading="h3"
        mt={3}
        description="A domain sends from its own pool, else its customer's, else the system default; without any, from any address."
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add pool
          </Button>
        }
        loadingLabel="Loading IP pools"
        query={query}
        columns={columns}
        rowKey={(pool) => pool.id}
        rowActions={(pool) => (
          <RowMenu
            name={pool.title}
            items={[
              { label: 'Assign', onClick: () => setAssigning(pool) },
              { label: 'Edit', onClick: () => setEditing(pool) },
              { label: 'Delete', onClick: () => setDeleting(pool), destructive: true },
            ]}
          />
        )}
        emptyText="No IP pool yet."
        errorText="The IP pools could not be loaded."
      />
      <PoolDialog
        open={editing !== null}
        pool={editing === 'new' ? null : editing}
        onSubmit={(body) => save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : null, body })}
        onClose={() => setEditing(null)}
      />
      <AssignPoolDialog
        pool={assigning}
        onAssign={(target: AssignTarget) => {
          const poolId = assigning?.id ?? null;
          return target.kind === 'domain'
            ? assignDomain.mutateAsync({ domainId: target.id, poolId })
            : assignCustomer.mutateAsync({ customerId: target.id, poolId });
        }}
        onClose={() => setAssigning(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete IP pool"
        message={`Delete pool ${deleting?.title ?? ''}? Its addresses stay, without a pool; its domains fall back to the default pool.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
