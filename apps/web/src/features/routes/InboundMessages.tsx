import type { InboundMessageSummary } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { useInboundMessage, useInboundMessages } from './routes.api.ts';

const PAGE = 10;
const OUTCOME_COLOUR = { accepted: 'success', held: 'info', bounced: 'warning' } as const;

/** Recent inbound messages with their route outcome; stored ones open parsed or raw and download as .eml. */
export function InboundMessages({ did }: { did: number }) {
  const [skip, setSkip] = useState(0);
  const [storedOnly, setStoredOnly] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const list = useInboundMessages(did, { limit: PAGE, skip }, storedOnly);
  const items = list.data?.items ?? [];
  const total = list.data?.total_count ?? 0;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-labelledby="inbound-title">
      <Stack
        direction="row"
        sx={{ px: 2, pt: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id="inbound-title" variant="subtitle1" component="h2">
          Inbound messages
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={storedOnly}
              onChange={(event) => {
                setStoredOnly(event.target.checked);
                setSkip(0);
              }}
            />
          }
          label="Stored only"
        />
      </Stack>
      <Box sx={{ height: 4 }}>{list.isFetching ? <LinearProgress aria-label="Loading inbound messages" /> : null}</Box>
      {items.length === 0 && !list.isFetching ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Nothing received{storedOnly ? ' and stored' : ''} yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Inbound messages" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <InboundRow key={item.id} item={item} onOpen={() => setOpen(item.id)} />
          ))}
        </Box>
      )}
      {total > PAGE ? (
        <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {skip + 1}–{Math.min(skip + PAGE, total)} of {total}
          </Typography>
          <Button size="small" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - PAGE))}>
            Newer
          </Button>
          <Button size="small" disabled={skip + PAGE >= total} onClick={() => setSkip(skip + PAGE)}>
            Older
          </Button>
        </Stack>
      ) : null}
      <InboundDialog did={did} id={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}

function InboundRow({ item, onOpen }: { item: InboundMessageSummary; onOpen: () => void }) {
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        sx={{
          all: 'unset',
          boxSizing: 'border-box',
          cursor: 'pointer',
          display: 'flex',
          gap: 1.5,
          width: '100%',
          px: 2,
          py: 1,
          alignItems: 'center',
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 500 }}>
            {item.subject || '(no subject)'}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {item.from || item.sender || 'null sender'} → {item.recipient}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <Stack direction="row" spacing={0.5}>
            {item.stored ? <Chip size="small" label="stored" /> : null}
            <Chip size="small" variant="outlined" color={OUTCOME_COLOUR[item.outcome]} label={item.outcome} />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(item.received_at)}
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}

const AUTH_COLOUR = (result: string) => (result === 'pass' ? 'success' : result === 'none' ? 'default' : 'warning');

/** SPF, DKIM and DMARC of the message as our MX checked them (mailauth), with the Authentication-Results field. */
function AuthChips({ auth }: { auth: NonNullable<InboundMessageSummary['auth']> }) {
  const checks = [
    ['SPF', auth.spf.result, auth.spf.domain],
    ['DKIM', auth.dkim.result, auth.dkim.domains.join(', ')],
    ['DMARC', auth.dmarc.result, auth.dmarc.domain],
  ] as const;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} aria-label="Authentication">
      {checks.map(([name, result, domain]) => (
        <Chip
          key={name}
          size="small"
          variant="outlined"
          color={AUTH_COLOUR(result)}
          label={`${name} ${result}${domain ? ` (${domain})` : ''}`}
          title={auth.header}
        />
      ))}
    </Stack>
  );
}

function InboundDialog({ did, id, onClose }: { did: number; id: number | null; onClose: () => void }) {
  const message = useInboundMessage(did, id);
  const [tab, setTab] = useState<'parsed' | 'raw'>('parsed');
  const data = message.data;
  const raw = data ? new TextDecoder().decode(Uint8Array.from(atob(data.raw), (c) => c.charCodeAt(0))) : '';
  const download = () => {
    if (!data) return;
    const bytes = Uint8Array.from(atob(data.raw), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'message/rfc822' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `inbound-${data.id}.eml` });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="inbound-dialog-title">
      <DialogTitle id="inbound-dialog-title" sx={{ wordBreak: 'break-word' }}>
        {data?.subject || 'Inbound message'}
      </DialogTitle>
      <DialogContent dividers>
        {message.isLoading ? <LinearProgress aria-label="Loading the message" /> : null}
        {data ? (
          <Stack spacing={1.5}>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {data.sender || 'null sender'} → {data.recipient} · {data.outcome}
              {data.stored ? ` · kept until ${formatDateTime(data.expires_at)}` : ''}
            </Typography>
            {data.auth ? <AuthChips auth={data.auth} /> : null}
            {data.results.map((r) => (
              <Typography key={r.action} variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {r.action}: {r.result}
              </Typography>
            ))}
            <Tabs value={tab} onChange={(_, value) => setTab(value)} aria-label="View">
              <Tab value="parsed" label="Parsed" />
              <Tab value="raw" label="Raw" />
            </Tabs>
            {tab === 'parsed' ? (
              <Box
                component="pre"
                sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, fontFamily: 'inherit' }}
              >
                {data.text ?? '(no text part)'}
                {data.attachments.length
                  ? `\n\nAttachments: ${data.attachments.map((a) => a.filename).join(', ')}`
                  : ''}
              </Box>
            ) : (
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, fontSize: 12 }}>
                {raw}
              </Box>
            )}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={download} disabled={!data}>
          Download .eml
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
