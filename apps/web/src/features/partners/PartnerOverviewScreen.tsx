import type { Payout, Referral } from '@mailwright/contract';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDate } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { ApiError, reportApiError } from '../../lib/api.ts';
import { switchToCustomer } from '../../lib/customer-switch.ts';
import { EarningsChart } from './EarningsChart.tsx';
import { money } from './money.ts';
import { AttachReferralDialog } from './PartnerDialogs.tsx';
import { usePayouts, useReferrals } from './partners.api.ts';

const SOURCES: Record<Referral['source'], string> = {
  link: 'referral link',
  client: 'your client',
  attached: 'attached',
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** /partner/overview (partner, admin, superadmin): the referral link, referrals, earnings per month, payouts, balance. */
export default function PartnerOverviewScreen() {
  const referrals = useReferrals();
  const payouts = usePayouts();
  const navigate = useNavigate();
  const location = useLocation();
  const [switching, setSwitching] = useState<number | null>(null);
  const [attaching, setAttaching] = useState(false);
  const currency = payouts.data?.currency ?? null;

  const actAs = async (referral: Referral) => {
    setSwitching(referral.cid);
    try {
      await switchToCustomer(referral.cid, navigate, location.pathname + location.search);
      // Acting as a referral opens its own home: its dashboard, not this overview (it has no partner account).
      navigate('/dashboard');
    } catch (error) {
      reportApiError(error);
    } finally {
      setSwitching(null);
    }
  };

  const notPartner = referrals.error instanceof ApiError && referrals.error.status === 404;
  const referralColumns: CardColumn<Referral>[] = [
    {
      id: 'customer',
      label: 'Customer',
      render: (r) => (
        <>
          <Typography variant="body2">{r.customer}</Typography>
          {/* On a phone what it earned rides under the name; the columns are hidden there. */}
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {money(r.earned, currency)} since {formatDate(r.since)}
          </Typography>
        </>
      ),
    },
    { id: 'since', label: 'Since', hideBelow: 'sm', render: (r) => formatDate(r.since) },
    { id: 'source', label: 'Came through', hideBelow: 'md', render: (r) => SOURCES[r.source] },
    { id: 'earned', label: 'Earned', hideBelow: 'sm', render: (r) => money(r.earned, currency) },
  ];
  const payoutColumns: CardColumn<Payout>[] = [
    { id: 'date', label: 'Paid on', render: (p) => p.payout_date, cellSx: { whiteSpace: 'nowrap' } },
    {
      id: 'amount',
      label: 'Amount',
      render: (p) => (
        <>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {money(p.amount, p.currency)}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            invoice {p.rec_inv_id}
          </Typography>
        </>
      ),
    },
    { id: 'invoice', label: 'Your invoice', hideBelow: 'sm', render: (p) => p.rec_inv_id },
  ];

  return (
    <Box component="section" aria-labelledby="partner-title">
      <Typography id="partner-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Partner overview
      </Typography>
      {referrals.isPending ? <LinearProgress aria-label="Loading the partner overview" /> : null}
      {notPartner ? (
        <Alert severity="info">
          This account is not a partner. Operators manage partners on Partner management; a partner's own overview opens
          after acting as the partner.
        </Alert>
      ) : null}
      {referrals.data ? (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Your referral link
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Whoever opens an account through it becomes your referral, as do the clients you add.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography
                variant="body2"
                data-testid="referral-link"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1, minWidth: 0 }}
              >
                {referrals.data.referral_url}
              </Typography>
              <CopyButton value={referrals.data.referral_url} label="Copy the referral link" />
            </Stack>
          </Paper>
          {payouts.data ? (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
                '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
              }}
            >
              <Figure label="Earned" value={money(payouts.data.earned, currency)} />
              <Figure label="Paid out" value={money(payouts.data.paid, currency)} />
              <Figure
                label="Balance"
                value={money(payouts.data.balance, currency)}
                note={
                  payouts.data.plan
                    ? payouts.data.payable
                      ? 'Ready to be paid: send us your invoice'
                      : `Below the minimum payout of ${money(payouts.data.plan.minimum_payout, currency)}: it carries over`
                    : 'No plan assigned yet'
                }
              />
            </Box>
          ) : null}
          {payouts.data?.plan ? (
            <Typography variant="body2" color="text.secondary">
              Plan {payouts.data.plan.name}: {payouts.data.plan.commission_percent}% of your referrals' paid invoices
              (net of tax) for {payouts.data.plan.duration_months} months from each referral's start.
            </Typography>
          ) : null}
          <EarningsChart months={payouts.data?.months ?? []} currency={currency} />
          <ListCard
            title="Referrals"
            heading="h2"
            description="The customers you referred, and what each has earned you."
            action={<Button onClick={() => setAttaching(true)}>Attach a client</Button>}
            loadingLabel="Loading referrals"
            query={referrals}
            columns={referralColumns}
            rowKey={(r) => r.cid}
            rowActions={(r) => (
              <Button
                size="small"
                startIcon={<SwapHorizIcon />}
                disabled={switching !== null}
                aria-label={`Act as ${r.customer}`}
                onClick={() => void actAs(r)}
              >
                Act as
              </Button>
            )}
            emptyText="No referrals yet. Share your link, or add clients."
            errorText="The referrals could not be loaded."
          />
          <ListCard
            title="Payouts"
            heading="h2"
            description="What we paid you, against your invoices."
            loadingLabel="Loading payouts"
            query={{ ...payouts, data: payouts.data && { items: payouts.data.items } }}
            columns={payoutColumns}
            rowKey={(p) => p.payout_id}
            rowActions={() => null}
            emptyText="No payouts yet."
            errorText="The payouts could not be loaded."
          />
        </Stack>
      ) : null}
      <AttachReferralDialog open={attaching} onClose={() => setAttaching(false)} />
    </Box>
  );
}
