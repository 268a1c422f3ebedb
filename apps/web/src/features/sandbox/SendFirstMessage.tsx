import type { SandboxInfo } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useAppState } from '../../lib/store.ts';
import { useCreateSandboxKey } from './sandbox.api.ts';

/** Ready-to-run lines that send through the sandbox: curl to the native API (with a key made here) and swaks. */
export function SendFirstMessage({ info }: { info: SandboxInfo }) {
  const create = useCreateSandboxKey();
  const role = useAppState((s) => s.session?.role);
  const key = create.data?.token ?? '$MW_SANDBOX_KEY';
  const from = `hello@${info.domain.name}`;
  const curl =
    `curl -s ${info.api_url}/v1/send -H "Authorization: Bearer ${key}" -H 'content-type: application/json' ` +
    `-d '{"from":"${from}","to":"you@example.com","subject":"Hello","html":"<p>Hello from the <a href=\\"https://example.com\\">sandbox</a></p>"}'`;
  const swaks =
    `swaks --server ${info.smtp_host}:${info.smtp_port} --tls --auth-user "$MW_SANDBOX_SMTP_USER" ` +
    `--auth-password "$MW_SANDBOX_SMTP_PASSWORD" --from ${from} --to you@example.com`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Send a message through the sandbox
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Mail from <b>{info.domain.name}</b> runs the whole pipeline (DKIM, queue, delivery over SMTP, events, tracking,
        webhooks) and is delivered only to the built-in catch-all MX, whatever the recipient. It shows up above.
      </Typography>
      {!info.enabled ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          The sandbox is off on this server (SANDBOX=off): sandbox mail is refused.
        </Alert>
      ) : null}
      <Snippet label="curl" value={curl} />
      {role === 'admin' || role === 'superadmin' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={create.isPending}
            onClick={() => create.mutate(info.domain.did)}
          >
            {create.data ? 'Create another sending key' : 'Create a sending key for this line'}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {create.data ? 'Shown once: copy the line now.' : 'Or use a key from Credentials › API keys.'}
          </Typography>
        </Stack>
      ) : null}
      <Snippet label="swaks" value={swaks} />
      <Typography variant="caption" color="text.secondary">
        swaks needs an SMTP user of the sandbox domain (Credentials › SMTP users). On a fresh embedded server both are
        in data/sandbox.env: run{' '}
        <Box component="code" sx={{ whiteSpace: 'nowrap' }}>
          . data/sandbox.env
        </Box>{' '}
        first.
      </Typography>
    </Paper>
  );
}

function Snippet({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', my: 0.5 }}>
      <Box
        component="pre"
        aria-label={`${label} command`}
        sx={{
          flex: 1,
          minWidth: 0,
          m: 0,
          p: 1,
          fontSize: 12,
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {value}
      </Box>
      <CopyButton value={value} label={`Copy the ${label} command`} />
    </Stack>
  );
}
