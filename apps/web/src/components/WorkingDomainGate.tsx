import { ADMINS, hasAccess } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppState, type WorkingDomain } from '../lib/store.ts';

/**
 * For domain-scoped screens (domain, credentials, logs, suppressions, webhooks, …): shows the screen for the working
 * domain chosen in the top bar; while the domains load, progress; with none (spec 4: the no-domains state), a
 * friendly empty state that leads to adding one. Keying the screen by did starts each domain from a clean slate.
 */
export function WorkingDomainGate({ children }: { children: (domain: WorkingDomain) => ReactNode }) {
  const domain = useAppState((s) => s.workingDomain);
  const domainsState = useAppState((s) => s.domainsState);
  const session = useAppState((s) => s.session);
  if (session?.role === 'partner') {
    return <EmptyState title="No sending domains here" text="Partner accounts work on their clients' domains." />;
  }
  if (domainsState === 'none') return <NoDomains />;
  if (!domain) return <LinearProgress aria-label="Loading your domains" />;
  return <div key={domain.did}>{children(domain)}</div>;
}

/** Spec 4: the customer has no domains yet. Admins can add one; other users are told who can. */
export function NoDomains() {
  const session = useAppState((s) => s.session);
  const canAdd = hasAccess(session, ADMINS);
  return (
    <EmptyState
      title="No domains yet"
      text={
        canAdd
          ? 'Add the domain you send from: we show the DNS records to publish, then verify them for you.'
          : 'An admin of your account can add the domain you send from.'
      }
      action={
        canAdd ? (
          <Button component={Link} to="/domains?add=1" variant="contained" startIcon={<AddIcon />}>
            Add a domain
          </Button>
        ) : null
      }
    />
  );
}

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1.5 }}
    >
      <DnsOutlinedIcon sx={{ fontSize: 48, color: 'primary.main' }} />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      {action}
    </Paper>
  );
}
