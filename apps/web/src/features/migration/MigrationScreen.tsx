import { MIGRATION_PROVIDER_NAMES } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { MigrationProgressCard } from './MigrationProgressCard.tsx';
import { MigrationSetupCard } from './MigrationSetupCard.tsx';
import { useMigrationStatus, useMigrations } from './migration.api.ts';

/** Spec 1/2 and issue 18: bring domains, suppressions, templates, webhooks and routes over from another provider. */
export default function MigrationScreen() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const status = useMigrationStatus(id);
  const history = useMigrations();
  const open = (next: number | null) => setParams(next ? { id: String(next) } : {});
  return (
    <Stack component="section" aria-labelledby="migration-title" spacing={2}>
      <Typography id="migration-title" variant="h5" component="h1">
        Migration
      </Typography>
      {id === null ? (
        <MigrationSetupCard onStarted={open} />
      ) : (
        <>
          {status.data && <MigrationProgressCard migration={status.data} />}
          <div>
            <Button onClick={() => open(null)}>Start another migration</Button>
          </div>
        </>
      )}
      {(history.data?.items.length ?? 0) > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Earlier migrations
            </Typography>
            <Stack spacing={0.5}>
              {history.data?.items.map((m) => (
                <Button
                  key={m.id}
                  onClick={() => open(m.id)}
                  sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }}
                >
                  {MIGRATION_PROVIDER_NAMES[m.integration]} · {m.from_domain} → {m.target_domain} · {m.status} ·{' '}
                  {formatDateTime(m.created_at)}
                </Button>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
