import { ADMINS, type Domain, hasAccess } from '@mailwright/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { useAppState } from '../../lib/store.ts';
import { DnsRecordCard } from './DnsRecordCard.tsx';
import { DomainPatternsCard } from './DomainPatternsCard.tsx';
import { DomainPoolCard } from './DomainPoolCard.tsx';
import { DomainStateChip } from './DomainStateChip.tsx';
import { useDeleteDomain, useDomain, useUpdateDomain, useVerifyDomain } from './domains.api.ts';
import { TrackingSettings } from './TrackingSettings.tsx';

/** /domain: the working domain (chosen in the top bar) with its DNS records, verification and settings. */
export default function DomainScreen() {
  return <WorkingDomainGate>{(domain) => <DomainView did={domain.did} />}</WorkingDomainGate>;
}

function DomainView({ did }: { did: number }) {
  const query = useDomain(did);
  if (query.isPending) return <LinearProgress aria-label="Loading the domain" />;
  if (!query.data) {
    return <Alert severity="error">The domain could not be loaded.</Alert>;
  }
  return <DomainDetails domain={query.data} refreshing={query.isFetching} />;
}

type Pending = 'rotate' | 'delete' | null;

function DomainDetails({ domain, refreshing }: { domain: Domain; refreshing: boolean }) {
  const session = useAppState((s) => s.session);
  const canManage = hasAccess(session, ADMINS);
  const verify = useVerifyDomain();
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const missingRequired = domain.records.filter((record) => record.required && record.state !== 'valid');

  return (
    <Box component="section" aria-labelledby="domain-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
            Domain
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography id="domain-title" variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
              {domain.name}
            </Typography>
            <DomainStateChip state={domain.state} />
            {domain.sandbox ? <Chip size="small" color="info" variant="outlined" label="Sandbox" /> : null}
          </Stack>
        </Box>
        {!domain.sandbox ? (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" component={RouterLink} to="/domain/reputation" startIcon={<InsightsIcon />}>
              Reputation
            </Button>
            {canManage ? (
              <Button
                variant="contained"
                startIcon={verify.isPending ? <CircularProgress size={16} color="inherit" /> : <VerifiedIcon />}
                disabled={verify.isPending}
                onClick={() => verify.mutate(domain.did)}
              >
                {verify.isPending ? 'Checking DNS…' : 'Verify DNS records'}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{refreshing && !verify.isPending ? <LinearProgress /> : null}</Box>

      <VerificationSummary domain={domain} missingRequired={missingRequired.length} />

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        DNS records
      </Typography>
      {domain.sandbox ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/sandbox" color="inherit" size="small">
              Sandbox inbox
            </Button>
          }
        >
          {domain.dns_notice}
        </Alert>
      ) : (
        <>
          {domain.dns_notice ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {domain.dns_notice}
            </Alert>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Publish these records at your DNS provider. SPF, DKIM and the return-path are needed to send; DMARC and the
            tracking host are recommended. Verification asks the server's resolver (DNS_SERVERS on the server, the
            system's resolver when unset), and delivery connects to recipients' MX hosts on OUTBOUND_SMTP_PORT (25).
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
            {domain.records.map((record) => (
              <DnsRecordCard key={record.kind} record={record} />
            ))}
          </Box>
        </>
      )}

      <TrackingSettings domain={domain} editable={canManage} />

      <DomainPatternsCard did={domain.did} />

      <DomainPoolCard did={domain.did} />

      {canManage ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
            Keys and removal
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setPending('rotate')}>
              Rotate the DKIM key
            </Button>
            {domain.sandbox ? null : (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setPending('delete')}
              >
                Delete domain
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            DKIM selector {domain.dkim_selector}. Added {formatDateTime(domain.created_at)}.
          </Typography>
        </>
      ) : null}

      <ConfirmDialog
        open={pending === 'rotate'}
        title="Rotate the DKIM key"
        message={`A new selector and key replace ${domain.dkim_selector}. ${domain.name} stays unverified until you publish the new DKIM record and verify again.`}
        confirmLabel="Rotate"
        onConfirm={() => update.mutateAsync({ did: domain.did, body: { rotate_dkim: true } })}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending === 'delete'}
        title="Delete domain"
        message={`Delete ${domain.name}? Its SMTP users and sending keys stop working at once.`}
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          await remove.mutateAsync(domain);
          navigate('/domains');
        }}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}

function VerificationSummary({ domain, missingRequired }: { domain: Domain; missingRequired: number }) {
  if (domain.state === 'verified') {
    return (
      <Alert severity="success">
        Verified {formatDateTime(domain.verified_at)}: this domain can send.
        {domain.checked_at ? ` Last checked ${formatDateTime(domain.checked_at)}.` : ''}
      </Alert>
    );
  }
  if (!domain.checked_at) {
    return (
      <Alert severity="info">
        Not verified yet. Publish the records below, then choose Verify DNS records: the domain can send once its
        required records check out.
      </Alert>
    );
  }
  return (
    <Alert severity="warning">
      Not verified: {missingRequired} required {missingRequired === 1 ? 'record does' : 'records do'} not check out yet
      (last checked {formatDateTime(domain.checked_at)}). DNS changes can take a while to show.
    </Alert>
  );
}
