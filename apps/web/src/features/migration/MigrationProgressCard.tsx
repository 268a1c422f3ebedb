import { MIGRATION_PROVIDER_NAMES, type MigrationStatus } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCancelMigration } from './migration.api.ts';

const STATE_COLOR = {
  draft: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;
const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;
const mono = { fontFamily: 'monospace', fontSize: 12 } as const;

function Steps({ migration }: { migration: MigrationStatus }) {
  return (
    <Stack spacing={1.5}>
      {migration.steps.map((step) => {
        const total = step.total ?? (step.state === 'done' ? step.done : null);
        const value = step.state === 'done' ? 100 : total ? Math.min(100, (100 * step.done) / total) : undefined;
        return (
          <Box key={step.method}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
                {step.method}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.done.toLocaleString()}
                {total !== null ? ` / ${total.toLocaleString()}` : ''} · {step.state}
              </Typography>
            </Stack>
            <LinearProgress
              variant={value === undefined && step.state === 'running' ? 'indeterminate' : 'determinate'}
              value={value ?? 0}
              color={step.state === 'failed' ? 'error' : 'primary'}
              aria-label={`${step.method} progress`}
            />
            {step.errors.map((e) => (
              <Typography key={e} variant="caption" color="error" component="div" sx={wrap}>
                {e}
              </Typography>
            ))}
            {[...new Set(step.warnings)].slice(0, 5).map((w) => (
              <Typography key={w} variant="caption" color="warning.main" component="div" sx={wrap}>
                {w}
              </Typography>
            ))}
          </Box>
        );
      })}
    </Stack>
  );
}

function Report({ migration }: { migration: MigrationStatus }) {
  const { dns, not_migrated: skipped } = migration.report;
  const provider = MIGRATION_PROVIDER_NAMES[migration.integration];
  return (
    <Stack spacing={2}>
      {dns.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            DNS changes to publish for {migration.target_domain}
          </Typography>
          <Table size="small" aria-label="DNS changes" sx={{ display: { xs: 'none', md: 'table' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Type</TableCell>
                <TableCell>Host</TableCell>
                <TableCell>Publish</TableCell>
                <TableCell>{provider} has now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {dns.map((r) => (
                <TableRow key={`${r.type}-${r.host}-${r.value}`}>
                  <TableCell>{r.type}</TableCell>
                  <TableCell sx={wrap}>{r.host}</TableCell>
                  <TableCell sx={{ ...wrap, ...mono, maxWidth: 320 }}>{r.value}</TableCell>
                  <TableCell sx={{ ...wrap, ...mono, maxWidth: 240 }}>{r.current ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {/* On a phone each record is a block: four columns of long values do not fit 390 px. */}
          <Stack spacing={1.5} divider={<Divider flexItem />} sx={{ display: { xs: 'flex', md: 'none' } }}>
            {dns.map((r) => (
              <Box key={`${r.type}-${r.host}-${r.value}`}>
                <Typography variant="body2" sx={{ ...wrap, fontWeight: 600 }}>
                  {r.type} {r.host}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  Publish
                </Typography>
                <Typography variant="body2" sx={{ ...wrap, ...mono }}>
                  {r.value}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {provider} has now
                </Typography>
                <Typography variant="body2" sx={{ ...wrap, ...mono }}>
                  {r.current ?? '—'}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {skipped.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Not migrated
          </Typography>
          <Stack spacing={1}>
            {skipped.map((s) => (
              <Box key={`${s.method}-${s.item}-${s.reason}`}>
                <Typography variant="body2" sx={wrap}>
                  <strong style={{ textTransform: 'capitalize' }}>{s.method}</strong>: {s.item}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={wrap}>
                  {s.reason}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

/** Progress while it runs (each step: done/total, warnings, errors), then the report. */
export function MigrationProgressCard({ migration }: { migration: MigrationStatus }) {
  const cancel = useCancelMigration();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2" sx={wrap}>
              {MIGRATION_PROVIDER_NAMES[migration.integration]}: {migration.from_domain} → {migration.target_domain}
            </Typography>
            <Chip size="small" label={migration.status} color={STATE_COLOR[migration.status]} />
            <Box sx={{ flexGrow: 1 }} />
            {migration.status === 'running' && (
              <Button color="warning" onClick={() => cancel.mutate(migration.id)} disabled={cancel.isPending}>
                Cancel
              </Button>
            )}
          </Stack>
          {migration.error && <Alert severity="error">{migration.error}</Alert>}
          <Steps migration={migration} />
          {migration.status !== 'running' && <Report migration={migration} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
