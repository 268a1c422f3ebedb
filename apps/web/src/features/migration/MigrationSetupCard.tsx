import {
  MIGRATION_METHODS,
  MIGRATION_PROVIDER_NAMES,
  MIGRATION_PROVIDERS,
  type MigrationDomainList,
  type MigrationMethod,
  type MigrationProvider,
} from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useClientOptions, useListProviderDomains, useStartMigration } from './migration.api.ts';

const METHOD_LABELS: Record<MigrationMethod, string> = {
  domain: 'Domain (new DKIM keys; the DNS changes to publish)',
  suppressions: 'Suppressions (bounces, unsubscribes, complaints, allow-list)',
  templates: 'Templates with their versions',
  webhooks: 'Webhooks',
  routes: 'Routes (inbound)',
};

/** What the provider calls the optional second credential, if it has one. */
const USER_LABEL: Partial<Record<MigrationProvider, string>> = {
  sendgrid: 'Subuser (optional, sent as on-behalf-of)',
  postmark: 'Server token (optional; else the first server’s)',
};

type Errors = Record<string, string>;
const errorsOf = (error: unknown): Errors =>
  error instanceof ApiError ? Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])) : {};

/** The walk-through: provider and credentials → the provider's domains → what goes where → start. */
export function MigrationSetupCard({ onStarted }: { onStarted: (id: number) => void }) {
  const [integration, setIntegration] = useState<MigrationProvider>('mailgun');
  const [instance, setInstance] = useState<'us' | 'eu'>('us');
  const [apiUser, setApiUser] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [listed, setListed] = useState<MigrationDomainList | null>(null);
  const [fromDomain, setFromDomain] = useState('');
  const [targetDomain, setTargetDomain] = useState('');
  const [subaccount, setSubaccount] = useState<number | ''>('');
  const [methods, setMethods] = useState<MigrationMethod[]>([...MIGRATION_METHODS]);
  const [errors, setErrors] = useState<Errors>({});
  const list = useListProviderDomains();
  const start = useStartMigration();
  const clients = useClientOptions();

  const listDomains = async () => {
    setErrors({});
    setListed(null);
    try {
      const answer = await list.mutateAsync({
        integration,
        instance,
        api_token: apiToken,
        ...(apiUser && USER_LABEL[integration] ? { api_user: apiUser } : {}),
      });
      setListed(answer);
      const first = answer.items[0]?.name ?? '';
      setFromDomain(first);
      setTargetDomain(first);
    } catch (error) {
      setErrors({ api_token: error instanceof Error ? error.message : String(error), ...errorsOf(error) });
    }
  };

  const begin = async () => {
    if (!listed) return;
    setErrors({});
    try {
      const answer = await start.mutateAsync({
        id: listed.id,
        body: {
          from_domain: fromDomain,
          target_domain: targetDomain,
          subaccount: subaccount === '' ? null : subaccount,
          methods,
        },
      });
      onStarted(answer.id);
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography variant="h6" component="h2">
            Bring an account over
          </Typography>
          <TextField
            select
            label="Provider"
            value={integration}
            onChange={(event) => {
              setIntegration(event.target.value as MigrationProvider);
              setListed(null);
            }}
          >
            {MIGRATION_PROVIDERS.map((p) => (
              <MenuItem key={p} value={p}>
                {MIGRATION_PROVIDER_NAMES[p]}
              </MenuItem>
            ))}
          </TextField>
          {integration === 'mailgun' && (
            <TextField
              select
              label="Region"
              value={instance}
              onChange={(event) => setInstance(event.target.value as 'us' | 'eu')}
            >
              <MenuItem value="us">US (api.mailgun.net)</MenuItem>
              <MenuItem value="eu">EU (api.eu.mailgun.net)</MenuItem>
            </TextField>
          )}
          {USER_LABEL[integration] && (
            <TextField
              label={USER_LABEL[integration]}
              value={apiUser}
              onChange={(event) => setApiUser(event.target.value)}
              autoComplete="off"
              error={Boolean(errors.api_user)}
              helperText={errors.api_user}
            />
          )}
          <TextField
            label={integration === 'postmark' ? 'Account API token' : 'Private API key'}
            type="password"
            value={apiToken}
            onChange={(event) => setApiToken(event.target.value)}
            autoComplete="off"
            error={Boolean(errors.api_token)}
            helperText={errors.api_token ?? 'Kept encrypted while the migration runs and deleted when it ends.'}
          />
          <div>
            <Button variant="contained" onClick={listDomains} disabled={!apiToken.trim() || list.isPending}>
              {list.isPending ? 'Asking the provider…' : 'List domains'}
            </Button>
          </div>
          <Typography variant="body2" color="text.secondary">
            No API access? Export the suppressions as CSV at the provider and{' '}
            <Link component={RouterLink} to="/suppressions/bounce">
              import the file on the Suppressions screen
            </Link>{' '}
            (Mailgun, SendGrid and Postmark export columns are understood).
          </Typography>
          {listed && listed.items.length === 0 && (
            <Alert severity="info">The provider lists no domains for this key.</Alert>
          )}
          {listed && listed.items.length > 0 && (
            <>
              <TextField
                select
                label="Domain at the provider (from)"
                value={fromDomain}
                onChange={(event) => {
                  setFromDomain(event.target.value);
                  setTargetDomain(event.target.value);
                }}
                error={Boolean(errors.from_domain)}
                helperText={errors.from_domain}
              >
                {listed.items.map((d) => (
                  <MenuItem key={d.name} value={d.name}>
                    {d.name} ({d.state})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Domain here (to)"
                value={targetDomain}
                onChange={(event) => setTargetDomain(event.target.value)}
                error={Boolean(errors.target_domain)}
                helperText={
                  errors.target_domain ?? 'An existing domain of yours, or a new one created with new DKIM keys.'
                }
              />
              {(clients.data?.items.length ?? 0) > 0 && (
                <TextField
                  select
                  label="For a client (optional)"
                  value={subaccount}
                  onChange={(event) => setSubaccount(event.target.value === '' ? '' : Number(event.target.value))}
                  error={Boolean(errors.subaccount)}
                  helperText={errors.subaccount}
                >
                  <MenuItem value="">This account</MenuItem>
                  {clients.data?.items.map((c) => (
                    <MenuItem key={c.cid} value={c.cid}>
                      {c.customer}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <FormGroup>
                <Typography variant="subtitle2">What to bring</Typography>
                {MIGRATION_METHODS.map((m) => (
                  <FormControlLabel
                    key={m}
                    label={METHOD_LABELS[m]}
                    control={
                      <Checkbox
                        checked={methods.includes(m)}
                        onChange={(event) =>
                          setMethods(
                            event.target.checked
                              ? MIGRATION_METHODS.filter((x) => x === m || methods.includes(x))
                              : methods.filter((x) => x !== m),
                          )
                        }
                      />
                    }
                  />
                ))}
                {errors.methods && <FormHelperText error>{errors.methods}</FormHelperText>}
              </FormGroup>
              <div>
                <Button
                  variant="contained"
                  onClick={begin}
                  disabled={!methods.length || !targetDomain.trim() || start.isPending}
                >
                  Start migration
                </Button>
              </div>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
