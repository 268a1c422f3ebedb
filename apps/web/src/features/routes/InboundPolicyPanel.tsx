import {
  AUTH_FAILURE_ACTIONS,
  type InboundPolicy,
  type InboundPolicyInput,
  UNMATCHED_ACTIONS,
} from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { usePolicy, useSavePolicy } from './routes.api.ts';

const UNMATCHED_LABELS: Record<InboundPolicyInput['unmatched'], string> = {
  reject: 'Reject at RCPT (550)',
  hold: 'Accept and hold (kept, listed)',
  bounce: 'Accept, then bounce (DSN to the sender)',
};

const FAILURE_LABELS: Record<InboundPolicyInput['auth_failure'], string> = {
  reject: 'Reject (550 5.7.1)',
  hold: 'Hold (kept, no route runs)',
  mark: 'Accept and mark',
};

const CHECKS = [
  ['require_spf', 'SPF pass'],
  ['require_dkim', 'DKIM pass'],
  ['require_dmarc', 'DMARC pass'],
] as const;

/** "Receiving: MX verified", or what to publish: the MX record that makes our inbound MX take the domain's mail. */
export function ReceivingState({ policy }: { policy: InboundPolicy }) {
  const { receiving } = policy;
  if (receiving.sandbox) {
    return (
      <Alert severity="info" aria-label="Receiving">
        Receiving: a sandbox domain receives no mail. Routes take mail for your own domains once their receiving MX is
        published and verified.
      </Alert>
    );
  }
  if (receiving.state === 'valid') {
    return (
      <Alert severity="success" aria-label="Receiving">
        Receiving: MX verified ({receiving.host} → {receiving.mx_host}). Mail to {receiving.host} runs through these
        routes.
      </Alert>
    );
  }
  const why =
    receiving.state === 'invalid'
      ? `the MX found points elsewhere (${receiving.found.join(', ')})`
      : receiving.state === 'missing'
        ? 'not published'
        : 'not checked yet';
  return (
    <Alert severity="warning" aria-label="Receiving">
      Receiving: {why}. Publish MX 10 {receiving.mx_host} for {receiving.host}, then verify the domain: until then the
      inbound MX refuses its mail (550), whatever the routes say.
    </Alert>
  );
}

/** The receiving MX state, at the top of the screen (the same query as the policy panel). */
export function ReceivingBanner({ did }: { did: number }) {
  const policy = usePolicy(did);
  return policy.data ? <ReceivingState policy={policy.data} /> : null;
}

/** The domain's inbound policy: unmatched mail, size limit, required SPF/DKIM/DMARC and what failing mail gets. */
export function InboundPolicyPanel({ did }: { did: number }) {
  const policy = usePolicy(did);
  if (!policy.data) return null;
  return <PolicyForm key={policy.data.updated_at ?? 'defaults'} did={did} policy={policy.data} />;
}

function PolicyForm({ did, policy }: { did: number; policy: InboundPolicy }) {
  const save = useSavePolicy(did);
  const [draft, setDraft] = useState<InboundPolicyInput>(() => ({
    unmatched: policy.unmatched,
    max_size: policy.max_size,
    require_spf: policy.require_spf,
    require_dkim: policy.require_dkim,
    require_dmarc: policy.require_dmarc,
    auth_failure: policy.auth_failure,
  }));
  const [size, setSize] = useState(policy.max_size === null ? '' : String(policy.max_size));
  const fieldError = (name: string) =>
    save.error instanceof ApiError ? save.error.fieldErrors.find((e) => e.field === name)?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxSize = size.trim() === '' ? null : Number(size.trim());
    save.mutate({ ...draft, max_size: maxSize });
  };
  const required = CHECKS.some(([key]) => draft[key]);
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="route-policy-title"
      sx={{ p: 2 }}
    >
      <Typography id="route-policy-title" variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        Policy
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
          <TextField
            select
            label="Mail no route takes"
            value={draft.unmatched}
            onChange={(event) =>
              setDraft({ ...draft, unmatched: event.target.value as InboundPolicyInput['unmatched'] })
            }
            error={Boolean(fieldError('unmatched'))}
            helperText={fieldError('unmatched')}
            size="small"
            fullWidth
          >
            {UNMATCHED_ACTIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {UNMATCHED_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Maximum size (bytes)"
            value={size}
            onChange={(event) => setSize(event.target.value)}
            placeholder={String(policy.size_limit)}
            inputMode="numeric"
            error={Boolean(fieldError('max_size'))}
            helperText={fieldError('max_size') ?? `Empty: ${policy.size_limit} (the installation's limit)`}
            size="small"
            fullWidth
          />
        </Stack>
        <Box>
          <FormLabel component="legend" sx={{ typography: 'body2' }}>
            Required of incoming mail (checked with the sender's real IP, HELO and MAIL FROM)
          </FormLabel>
          <FormGroup row>
            {CHECKS.map(([key, label]) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    checked={draft[key]}
                    onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
                  />
                }
                label={label}
              />
            ))}
          </FormGroup>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            label="Mail failing a required check"
            value={draft.auth_failure}
            onChange={(event) =>
              setDraft({ ...draft, auth_failure: event.target.value as InboundPolicyInput['auth_failure'] })
            }
            disabled={!required}
            helperText={required ? undefined : 'Nothing is required'}
            size="small"
            fullWidth
          >
            {AUTH_FAILURE_ACTIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {FAILURE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ flexShrink: 0 }}>
            Save policy
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
