import type { IpReputationSummary } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { LevelChip } from './LevelChip.tsx';
import { useIpReputations } from './reputation.api.ts';
import { describeBlocklists, describeScore, describeSnds, describeTrust, latestOf } from './reputation-format.ts';
import { SndsKeyDialog } from './SndsKeyDialog.tsx';

const detailPath = (ip: string) => `/ip-management/ip-reputations/${encodeURIComponent(ip)}`;

const SNDS_KEY_TEXT = {
  stored: 'Microsoft SNDS: key stored (encrypted).',
  environment: 'Microsoft SNDS: key from SNDS_KEY.',
  none: 'Microsoft SNDS: no key yet, so no SNDS data.',
} as const;

const COLUMNS: CardColumn<IpReputationSummary>[] = [
  {
    id: 'ip',
    label: 'IP address',
    cellSx: { minWidth: 140, overflowWrap: 'anywhere' },
    render: (row) => (
      <>
        <Link component={RouterLink} to={detailPath(row.ip)} sx={{ fontFamily: 'monospace' }}>
          {row.ip}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {row.ptr_host ?? 'No PTR name'}
        </Typography>
        {/* On a phone the signals go under the address instead of columns of their own. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ display: { xs: 'block', md: 'none' } }}
        >
          Sender Score {describeScore(latestOf(row.latest, 'senderscore'))} · {describeBlocklists(row.blocklists)}
        </Typography>
      </>
    ),
  },
  { id: 'level', label: 'State', render: (row) => <LevelChip level={row.level} /> },
  {
    id: 'senderscore',
    label: 'Sender Score',
    hideBelow: 'md',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => describeScore(latestOf(row.latest, 'senderscore')),
  },
  { id: 'dnswl', label: 'DNSWL', hideBelow: 'md', render: (row) => describeTrust(latestOf(row.latest, 'dnswl')) },
  { id: 'snds', label: 'SNDS', hideBelow: 'md', render: (row) => describeSnds(latestOf(row.latest, 'snds')) },
  {
    id: 'blocklists',
    label: 'Blocklists',
    hideBelow: 'md',
    cellSx: { minWidth: 140 },
    render: (row) => describeBlocklists(row.blocklists),
  },
  {
    id: 'checked',
    label: 'Checked',
    hideBelow: 'md',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => (row.checked_at ? formatDateTime(row.checked_at) : 'Never'),
  },
];

/** /ip-management/ip-reputations (superadmin): every sending IP with its current reputation, worst first. */
export default function IpReputationsScreen() {
  const query = useIpReputations();
  const [editingKey, setEditingKey] = useState(false);
  const keyText = query.data ? SNDS_KEY_TEXT[query.data.snds_key ?? 'none'] : '';
  const list = { ...query, data: query.data ? { items: query.data.reputations } : undefined };
  return (
    <Box component="section" aria-labelledby="reputations-title">
      <Typography id="reputations-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        IP reputations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        DNSWL, Sender Score, Microsoft SNDS and the DNS blocklists, checked daily for every sending IP; the worst come
        first. Operators are notified when an IP is listed or drops below a threshold.
      </Typography>
      <ListCard
        title="Sending IPs"
        heading="h3"
        description={`Sender Score: 80 and above is high, 70 and above medium, below 70 low. ${keyText}`}
        action={
          <Button variant="outlined" size="small" onClick={() => setEditingKey(true)} sx={{ flexShrink: 0 }}>
            SNDS key
          </Button>
        }
        loadingLabel="Loading IP reputations"
        query={list}
        columns={COLUMNS}
        rowKey={(row) => row.ip}
        rowActions={(row) => (
          // On a phone the address itself is the way in: the state keeps the room.
          <Button
            size="small"
            component={RouterLink}
            to={detailPath(row.ip)}
            aria-label={`History of ${row.ip}`}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            History
          </Button>
        )}
        emptyText="No sending IPs yet: add them under IP addresses."
        errorText="The IP reputations could not be loaded."
      />
      <SndsKeyDialog open={editingKey} onClose={() => setEditingKey(false)} />
    </Box>
  );
}
