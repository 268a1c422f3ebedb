import type { SandboxAuth, SandboxMessage } from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { notify, notifyError } from '../../lib/store.ts';
import { postOneClickUnsubscribe, useSandboxMessage } from './sandbox.api.ts';

type View = 'html' | 'text' | 'headers' | 'auth' | 'attachments';

/** One received message: the rendered HTML (sandboxed), text, headers, mailauth's verdict and attachments. */
export function SandboxMessageView({ id, onBack }: { id: number; onBack: () => void }) {
  const message = useSandboxMessage(id);
  const [view, setView] = useState<View>('html');
  const m = message.data;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-label="Sandbox message">
      <Box sx={{ height: 4 }}>{message.isFetching ? <LinearProgress aria-label="Loading the message" /> : null}</Box>
      <Stack spacing={1} sx={{ p: 2, pb: 0 }}>
        <Box>
          <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack}>
            Inbox
          </Button>
        </Box>
        {message.isError ? <Typography color="text.secondary">The message could not be loaded.</Typography> : null}
        {m ? <Summary m={m} /> : null}
      </Stack>
      {m ? (
        <>
          <Tabs
            value={view}
            onChange={(_e, value: View) => setView(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Message parts"
            sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="html" label="HTML" disabled={m.html === null} />
            <Tab value="text" label="Text" />
            <Tab value="headers" label="Headers" />
            <Tab value="auth" label="Authentication" />
            <Tab value="attachments" label={`Attachments (${m.attachments.length})`} />
          </Tabs>
          <Box sx={{ p: 2 }}>
            {view === 'html' && m.html !== null ? <HtmlPreview html={m.html} /> : null}
            {view === 'text' ? <Pre>{m.text ?? '(no text part)'}</Pre> : null}
            {view === 'headers' ? <Headers headers={m.headers} /> : null}
            {view === 'auth' ? <AuthVerdict auth={m.auth} /> : null}
            {view === 'attachments' ? <Attachments m={m} /> : null}
          </Box>
        </>
      ) : null}
    </Paper>
  );
}

function Summary({ m }: { m: SandboxMessage }) {
  const [unsubscribing, setUnsubscribing] = useState(false);
  const unsubscribe = async (url: string) => {
    setUnsubscribing(true);
    try {
      await postOneClickUnsubscribe(url);
      notify('One-click unsubscribe sent: the unsubscribed event shows in Logs and Statistics.');
    } catch {
      notifyError('The unsubscribe request could not be sent.');
    } finally {
      setUnsubscribing(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
        {m.subject || '(no subject)'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        From {m.from} to {m.rcpt_to.join(', ')} · {formatDateTime(m.received_at)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <AuthChips auth={m.auth} />
        {m.unsubscribe_url && m.one_click ? (
          <Button
            size="small"
            variant="outlined"
            disabled={unsubscribing}
            onClick={() => unsubscribe(m.unsubscribe_url as string)}
          >
            Unsubscribe (one-click)
          </Button>
        ) : null}
        {m.unsubscribe_url ? (
          <Link href={m.unsubscribe_url} target="_blank" rel="noopener" variant="body2">
            Unsubscribe page
          </Link>
        ) : null}
        <Link href={`data:message/rfc822;base64,${m.raw}`} download={`sandbox-${m.id}.eml`} variant="body2">
          Download .eml
        </Link>
      </Stack>
    </Stack>
  );
}

const COLOR: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  pass: 'success',
  fail: 'error',
  softfail: 'warning',
  temperror: 'warning',
  permerror: 'error',
};

function AuthChips({ auth }: { auth: SandboxAuth }) {
  const dkim = auth.dkim.some((d) => d.result === 'pass') ? 'pass' : (auth.dkim[0]?.result ?? 'none');
  const results: [string, string][] = [
    ['DKIM', dkim],
    ['SPF', auth.spf?.result ?? 'none'],
    ['DMARC', auth.dmarc?.result ?? 'none'],
  ];
  return (
    <>
      {results.map(([name, result]) => (
        <Chip
          key={name}
          size="small"
          variant="outlined"
          color={COLOR[result] ?? 'default'}
          label={`${name} ${result}`}
        />
      ))}
    </>
  );
}

/**
 * The HTML part in an iframe that runs no script and has no origin of ours (sandbox without allow-scripts or
 * allow-same-origin); links open in a new tab (base target), so tracked links and the open pixel reach the server
 * as they would from a mail client.
 */
function HtmlPreview({ html }: { html: string }) {
  return (
    <Box
      component="iframe"
      title="HTML part"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<base target="_blank">${html}`}
      sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}

function Pre({ children }: { children: string }) {
  return (
    <Box component="pre" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {children}
    </Box>
  );
}

function Headers({ headers }: { headers: SandboxMessage['headers'] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, fontSize: 13, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1, wordBreak: 'break-all' } }}
    >
      {headers.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: headers repeat (Received) and keep their order.
        <Box key={i}>
          <dt>{h.name}</dt>
          <dd>{h.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function AuthVerdict({ auth }: { auth: SandboxAuth }) {
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Checked on arrival by mailauth, an implementation independent of our signer. The sandbox domain has no public
        DNS: mailauth is answered with the records a real domain would publish (its DKIM key, SPF naming this machine,
        DMARC p=reject).
      </Typography>
      {auth.dkim.map((d) => (
        <Typography key={`${d.domain}-${d.selector}`} variant="body2">
          DKIM <b>{d.result}</b> · d={d.domain} s={d.selector} {d.comment}
        </Typography>
      ))}
      {auth.spf ? (
        <Typography variant="body2">
          SPF <b>{auth.spf.result}</b> · {auth.spf.domain} {auth.spf.comment}
        </Typography>
      ) : null}
      {auth.dmarc ? (
        <Typography variant="body2">
          DMARC <b>{auth.dmarc.result}</b> · {auth.dmarc.domain} (policy {auth.dmarc.policy}) {auth.dmarc.comment}
        </Typography>
      ) : null}
      <Pre>{auth.header}</Pre>
    </Stack>
  );
}

function Attachments({ m }: { m: SandboxMessage }) {
  if (!m.attachments.length) return <Typography color="text.secondary">No attachments.</Typography>;
  return (
    <Stack spacing={1}>
      {m.attachments.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two attachments may share a file name.
        <Typography key={i} variant="body2">
          {a.content !== null ? (
            <Link href={`data:${a.content_type};base64,${a.content}`} download={a.filename}>
              {a.filename}
            </Link>
          ) : (
            a.filename
          )}{' '}
          · {a.content_type} · {a.size} bytes{a.content === null ? ' (too large here: download the .eml)' : ''}
        </Typography>
      ))}
    </Stack>
  );
}
