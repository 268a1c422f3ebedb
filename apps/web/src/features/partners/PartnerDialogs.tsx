import { type Partner, type PartnerPlan, referralInput } from '@mailwright/contract';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { ApiError } from '../../lib/api.ts';
import { money } from './money.ts';
import { type PayoutFormValues, payoutForm, planForm, planFormValues } from './partner-forms.ts';
import { useAssignPlan, useAttachReferral, useRecordPayout, useSavePlan } from './partners.api.ts';

/** Create (plan null) or edit a partner plan. */
export function PlanDialog({ open, plan, onClose }: { open: boolean; plan: PartnerPlan | null; onClose: () => void }) {
  const save = useSavePlan();
  return (
    <FormDialog
      open={open}
      title={plan ? `Edit plan ${plan.name}` : 'New partner plan'}
      schema={planForm}
      defaultValues={planFormValues(plan)}
      onSubmit={(body) => save.mutateAsync({ ppid: plan?.ppid ?? null, body })}
      onClose={onClose}
    >
      {(form) => (
        <>
          <FormTextField control={form.control} name="name" label="Name" autoFocus />
          <FormTextField
            control={form.control}
            name="commission_percent"
            label="Commission (%)"
            helperText="Of each referred customer's paid invoices, net of tax; up to two decimals"
            inputMode="decimal"
          />
          <FormTextField
            control={form.control}
            name="duration_months"
            label="Duration (months)"
            helperText="Invoices paid this many months from the referral's start earn commission"
            inputMode="numeric"
          />
          <FormTextField
            control={form.control}
            name="minimum_payout"
            label="Minimum payout"
            helperText="A smaller balance carries over to the next month"
            inputMode="decimal"
          />
          <FormTextField control={form.control} name="currency" label="Currency" helperText="ISO 4217, such as EUR" />
        </>
      )}
    </FormDialog>
  );
}

const assignForm = z.object({ ppid: z.string() }).transform((v) => ({ ppid: v.ppid === '' ? null : Number(v.ppid) }));

export function AssignPlanDialog({
  partner,
  plans,
  onClose,
}: {
  partner: Partner | null;
  plans: PartnerPlan[];
  onClose: () => void;
}) {
  const assign = useAssignPlan();
  return (
    <FormDialog
      open={partner !== null}
      title={`Plan of ${partner?.customer ?? ''}`}
      schema={assignForm}
      defaultValues={{ ppid: partner?.ppid ? String(partner.ppid) : '' }}
      submitLabel="Assign"
      onSubmit={(body) => (partner ? assign.mutateAsync({ cid: partner.cid, ...body }) : Promise.resolve())}
      onClose={onClose}
    >
      {(form) => (
        <FormSelect
          control={form.control}
          name="ppid"
          label="Plan"
          options={[
            { value: '', label: 'No plan (earns nothing)' },
            ...plans.map((p) => ({ value: String(p.ppid), label: `${p.name} · ${p.commission_percent}%` })),
          ]}
        />
      )}
    </FormDialog>
  );
}

export function PayoutDialog({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  const record = useRecordPayout();
  const currency = partner?.currency ?? 'EUR';
  const today = new Date().toISOString().slice(0, 10);
  const defaults: PayoutFormValues = { amount: '', payout_date: today, rec_inv_id: '' };
  return (
    <FormDialog
      open={partner !== null}
      title={`Record a payout to ${partner?.customer ?? ''}`}
      schema={payoutForm(currency)}
      defaultValues={defaults}
      submitLabel="Record payout"
      onSubmit={(body) => (partner ? record.mutateAsync({ cid: partner.cid, body }) : Promise.resolve())}
      onClose={onClose}
    >
      {(form) => (
        <>
          {partner ? (
            <Typography variant="body2" color="text.secondary">
              Unpaid balance: {money(partner.balance, currency)}
            </Typography>
          ) : null}
          <FormTextField
            control={form.control}
            name="amount"
            label={`Amount (${currency})`}
            inputMode="decimal"
            autoFocus
          />
          <FormTextField
            control={form.control}
            name="payout_date"
            label="Payout date"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={form.control}
            name="rec_inv_id"
            label="Partner's invoice number"
            helperText="The invoice the partner sent us; recording the same number twice records one payout"
          />
        </>
      )}
    </FormDialog>
  );
}

/** A customer number or an admin's e-mail address, as typed: digits are a number, anything else an address. */
const attachForm = z.object({ customer: z.string() }).transform((v, ctx) => {
  const text = v.customer.trim();
  const body = /^\d+$/.test(text) ? { cid: Number(text) } : text ? { email: text } : {};
  const result = referralInput.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: ['customer'], message: issue.message });
  return z.NEVER;
});

/** Attach one of the partner's existing clients as a referral (POST partners/referrals); 400s land on the field. */
export function AttachReferralDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const attach = useAttachReferral();
  return (
    <FormDialog
      open={open}
      title="Attach a client"
      schema={attachForm}
      defaultValues={{ customer: '' }}
      submitLabel="Attach"
      onSubmit={async (body) => {
        try {
          return await attach.mutateAsync(body);
        } catch (error) {
          // The server names the field it read (cid or email); the form has one field for both.
          throw relabel(error);
        }
      }}
      onClose={onClose}
    >
      {(form) => (
        <FormTextField
          control={form.control}
          name="customer"
          label="Customer number or admin e-mail"
          helperText="One of your clients that is not yet anyone's referral"
          autoFocus
        />
      )}
    </FormDialog>
  );
}

function relabel(error: unknown): unknown {
  if (error instanceof ApiError && error.fieldErrors.length) {
    return new ApiError(
      error.status,
      error.message,
      error.fieldErrors.map((f) => ({ ...f, field: f.field === 'cid' || f.field === 'email' ? 'customer' : f.field })),
      error.handled,
    );
  }
  return error;
}
