import type { DnsRecord, DnsRecordKind } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDateTime } from '../../components/format.ts';
import { RecordStateChip } from './DomainStateChip.tsx';

const KIND_TITLES: Record<DnsRecordKind, string> = {
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  return_path: 'Return-path (bounces)',
  tracking: 'Tracking',
  receiving: 'Receiving MX (inbound routes)',
};

/** One DNS record to publish: where, what (each with a copy button), why, and what the last check found. */
export function DnsRecordCard({ record }: { record: DnsRecord }) {
  const title = KIND_TITLES[record.kind];
  return (
    <Paper variant="outlined" component="article" aria-label={`${title} record`} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mr: 'auto' }}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={record.required ? 'Required' : record.kind === 'receiving' ? 'For inbound routes' : 'Recommended'}
          color={record.required ? 'primary' : 'default'}
        />
        <RecordStateChip state={record.state} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '88px minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
        }}
      >
        <Term>Type</Term>
        <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {record.type}
            {record.priority !== null ? ` (priority ${record.priority})` : ''}
          </Typography>
        </Box>
        <Term>Host</Term>
        <CopyableValue value={record.host} label={`Copy the ${title} host`} />
        <Term>Value</Term>
        <CopyableValue value={record.value} label={`Copy the ${title} value`} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {record.description}
      </Typography>
      <RecordFindings record={record} />
    </Paper>
  );
}

function Term({ children }: { children: string }) {
  return (
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { sm: 0.75 } }}>
      {children}
    </Typography>
  );
}

function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <Box
      component="dd"
      sx={{
        m: 0,
        mb: { xs: 1, sm: 0 },
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        pl: 1,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        minWidth: 0,
      }}
    >
      <Typography
        component="code"
        variant="body2"
        sx={{ flexGrow: 1, py: 0.5, fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all', minWidth: 0 }}
      >
        {value}
      </Typography>
      <CopyButton value={value} label={label} />
    </Box>
  );
}

/** After a check: what was found where it differs, or why the lookup failed. */
function RecordFindings({ record }: { record: DnsRecord }) {
  if (record.state === 'unchecked') return null;
  const checked = `Checked ${formatDateTime(record.checked_at)}.`;
  if (record.error && record.state !== 'valid') {
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }}>
        The lookup failed ({record.error}). {checked}
      </Alert>
    );
  }
  if (record.state === 'missing') {
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }}>
        Nothing published at this host yet. DNS changes can take a while to show. {checked}
      </Alert>
    );
  }
  if (record.state === 'invalid') {
    return (
      <Alert severity="error" sx={{ mt: 1.5, wordBreak: 'break-all', '& .MuiAlert-message': { minWidth: 0 } }}>
        Found instead: {record.found.map((value) => `"${value}"`).join(', ')}. {checked}
      </Alert>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
      {checked}
    </Typography>
  );
}
