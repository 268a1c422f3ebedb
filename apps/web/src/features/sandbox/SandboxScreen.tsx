import type { SandboxMessageSummary } from '@mailwright/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { SandboxMessageView } from './SandboxMessageView.tsx';
import { SendFirstMessage } from './SendFirstMessage.tsx';
import { REFRESH_MS, useSandboxInfo, useSandboxList } from './sandbox.api.ts';

/** /sandbox: what the built-in catch-all MX received for this customer, newest first, refreshed as mail arrives. */
export default function SandboxScreen() {
  const info = useSandboxInfo();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('message')) || null;
  const show = (id: number | null) => setParams(id === null ? {} : { message: String(id) });
  return (
    <Box component="section" aria-labelledby="sandbox-title">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="sandbox-title" variant="h5" component="h1">
          Sandbox inbox
        </Typography>
        {info.data ? (
          <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {info.data.domain.name}
          </Typography>
        ) : null}
        <Chip size="small" color="info" variant="outlined" label="Sandbox" />
      </Stack>
      {info.isPending ? <LinearProgress aria-label="Loading the sandbox" /> : null}
      {open !== null ? (
        <SandboxMessageView id={open} onBack={() => show(null)} />
      ) : (
        <Stack spacing={2}>
          <Inbox onOpen={show} />
          {info.data ? <SendFirstMessage info={info.data} /> : null}
        </Stack>
      )}
    </Box>
  );
}

function Inbox({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useSandboxList();
  const { invalidate } = list;
  useEffect(() => {
    const timer = setInterval(() => void invalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [invalidate]);
  const columns: Column<SandboxMessageSummary>[] = [
    {
      id: 'received_at',
      label: 'Received',
      render: (m) => (
        <Box component="span" sx={{ whiteSpace: { sm: 'nowrap' } }}>
          {formatDateTime(m.received_at)}
        </Box>
      ),
    },
    { id: 'from', label: 'From', render: (m) => m.from, hideBelow: 'md' },
    { id: 'to', label: 'To', render: (m) => m.rcpt_to.join(', '), hideBelow: 'sm' },
    {
      id: 'subject',
      label: 'Subject',
      render: (m) => (
        <Link component="button" type="button" variant="body2" onClick={() => onOpen(m.id)} sx={{ textAlign: 'left' }}>
          {m.subject || '(no subject)'}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      label="Sandbox inbox"
      columns={columns}
      list={list}
      rowKey={(m) => m.id}
      emptyText="Nothing received yet: send a message from the sandbox domain (below), it appears here within seconds."
      rowActions={(m) => (
        <Tooltip title="Open the message">
          <IconButton size="small" aria-label={`Open ${m.subject || 'the message'}`} onClick={() => onOpen(m.id)}>
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    />
  );
}
