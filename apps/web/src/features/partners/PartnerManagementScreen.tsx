import type { Partner, PartnerPlan } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { money } from './money.ts';
import { AssignPlanDialog, PayoutDialog, PlanDialog } from './PartnerDialogs.tsx';
import { useDeletePlan, usePartners, usePlans } from './partners.api.ts';

const partnerColumns: CardColumn<Partner>[] = [
  {
    id: 'customer',
    label: 'Partner',
    render: (p) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {p.customer}
        </Typography>
        {/* On a phone the plan and the unpaid balance ride under the name; their columns are hidden there. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {p.plan ?? 'no plan'} · {money(p.balance, p.currency)} unpaid
        </Typography>
      </>
    ),
  },
  { id: 'plan', label: 'Plan', hideBelow: 'sm', render: (p) => p.plan ?? '—' },
  { id: 'referrals', label: 'Referrals', hideBelow: 'md', render: (p) => p.referrals },
  { id: 'earned', label: 'Earned', hideBelow: 'md', render: (p) => money(p.earned, p.currency) },
  { id: 'paid', label: 'Paid', hideBelow: 'md', render: (p) => money(p.paid, p.currency) },
  { id: 'balance', label: 'Unpaid', hideBelow: 'sm', render: (p) => money(p.balance, p.currency) },
];

const planColumns: CardColumn<PartnerPlan>[] = [
  {
    id: 'name',
    label: 'Plan',
    render: (p) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {p.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {p.commission_percent}% · {p.duration_months} months
        </Typography>
      </>
    ),
  },
  { id: 'commission', label: 'Commission', hideBelow: 'sm', render: (p) => `${p.commission_percent}%` },
  { id: 'duration', label: 'Duration', hideBelow: 'sm', render: (p) => `${p.duration_months} months` },
  { id: 'minimum', label: 'Minimum payout', hideBelow: 'md', render: (p) => money(p.minimum_payout, p.currency) },
  { id: 'partners', label: 'Partners', hideBelow: 'md', render: (p) => p.partners },
];

/** /partner-management/partners (superadmin): partners with plans and unpaid balances, payouts, and the plans. */
export default function PartnerManagementScreen() {
  const partners = usePartners();
  const plans = usePlans();
  const remove = useDeletePlan();
  const [assigning, setAssigning] = useState<Partner | null>(null);
  const [paying, setPaying] = useState<Partner | null>(null);
  const [editing, setEditing] = useState<PartnerPlan | null | 'new'>(null);
  const [deleting, setDeleting] = useState<PartnerPlan | null>(null);

  return (
    <Box component="section" aria-labelledby="partners-title">
      <Typography id="partners-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Partners
      </Typography>
      <ListCard
        title="Partners"
        heading="h2"
        description="Partner customers, their plans and what they are owed. Record a payout when a partner's invoice is paid."
        loadingLabel="Loading partners"
        query={partners}
        columns={partnerColumns}
        rowKey={(p) => p.cid}
        rowActions={(p) => (
          <>
            <Button size="small" aria-label={`Plan of ${p.customer}`} onClick={() => setAssigning(p)}>
              Plan
            </Button>
            <Button
              size="small"
              aria-label={`Record a payout to ${p.customer}`}
              disabled={!p.plan}
              onClick={() => setPaying(p)}
            >
              Payout
            </Button>
          </>
        )}
        emptyText="No partner customers. Mark a customer as a partner under Accounts."
        errorText="The partners could not be loaded."
      />
      <ListCard
        title="Partner plans"
        heading="h2"
        mt={3}
        description="Commission, how long it is earned and the smallest payout. A plan in use cannot be deleted."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New plan
          </Button>
        }
        loadingLabel="Loading plans"
        query={plans}
        columns={planColumns}
        rowKey={(p) => p.ppid}
        rowActions={(p) => (
          <>
            <Button size="small" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
              Edit
            </Button>
            <Button size="small" color="error" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
              Delete
            </Button>
          </>
        )}
        emptyText="No plans yet."
        errorText="The plans could not be loaded."
      />
      <PlanDialog open={editing !== null} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <AssignPlanDialog partner={assigning} plans={plans.data?.items ?? []} onClose={() => setAssigning(null)} />
      <PayoutDialog partner={paying} onClose={() => setPaying(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete plan"
        message={deleting ? `Delete the plan ${deleting.name}?` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.ppid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
