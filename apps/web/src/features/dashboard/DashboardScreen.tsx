import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NoDomains } from '../../components/WorkingDomainGate.tsx';
import { useAppState } from '../../lib/store.ts';
import { DomainCards } from './DomainCards.tsx';
import { useDashboardDomains, useRecentMessages } from './dashboard.api.ts';
import { RecentMessages } from './RecentMessages.tsx';
import { SystemMailNotice } from './SystemMailNotice.tsx';

/** /dashboard: the customer's busiest domains (up to 9) and the latest messages. */
export default function DashboardScreen() {
  const name = useAppState((s) => s.session?.full_name || s.session?.username);
  const domains = useDashboardDomains();
  const messages = useRecentMessages();
  const noDomains = domains.data?.total_count === 0;

  return (
    <Box component="section" aria-labelledby="dashboard-title">
      <Typography id="dashboard-title" variant="h5" component="h1">
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {name ? `Welcome back, ${name}.` : 'Welcome back.'}
      </Typography>
      <SystemMailNotice />

      <Part
        title="Domains"
        subtitle="The last 30 days, busiest first"
        action={
          domains.data && domains.data.total_count > domains.data.items.length ? (
            <Button component={Link} to="/domains" endIcon={<ArrowForwardIcon />}>
              All {domains.data.total_count} domains
            </Button>
          ) : null
        }
        loading={domains.isPending}
        failed={domains.isError}
      >
        {noDomains ? <NoDomains /> : domains.data ? <DomainCards domains={domains.data.items} /> : null}
      </Part>

      <Part title="Recent messages" loading={messages.isPending} failed={messages.isError}>
        {messages.data ? <RecentMessages messages={messages.data.items} /> : null}
      </Part>
    </Box>
  );
}

interface PartProps {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
}

function Part({ title, subtitle, action, loading, failed, children }: PartProps) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', mb: 1.5 }}>
        <Box sx={{ mr: 'auto' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Stack>
      {loading ? <LinearProgress aria-label={`Loading ${title.toLowerCase()}`} /> : null}
      {failed ? <Alert severity="error">This part could not be loaded.</Alert> : null}
      {children}
    </Box>
  );
}
