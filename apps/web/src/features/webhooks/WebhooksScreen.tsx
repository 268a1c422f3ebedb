import { eventLabel, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@mailwright/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useAppState } from '../../lib/store.ts';
import { WebhookFormats } from './WebhookFormats.tsx';
import { CreateWebhookDialog, EditWebhookDialog } from './WebhookFormDialog.tsx';
import { WebhookRow } from './WebhookRow.tsx';
import {
  type TestResult,
  useDeleteWebhook,
  useSwitchWebhook,
  useTestWebhook,
  useWebhookParams,
  useWebhooks,
} from './webhooks.api.ts';

/** /webhooks: the working domain's webhooks, one URL per event type, grouped by event (spec 3). */
export default function WebhooksScreen() {
  const domain = useAppState((s) => s.workingDomain);
  const domainsState = useAppState((s) => s.domainsState);
  return (
    <Box component="section" aria-labelledby="webhooks-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="webhooks-title" variant="h5" component="h1">
          Webhooks
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {domain?.name ?? ''}
        </Typography>
      </Stack>
      {domain ? (
        <DomainWebhooks key={domain.did} did={domain.did} />
      ) : domainsState === 'none' ? (
        <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary' }}>
          <Typography>No domains yet: webhooks belong to a domain.</Typography>
        </Paper>
      ) : (
        <LinearProgress aria-label="Loading webhooks" />
      )}
    </Box>
  );
}

function DomainWebhooks({ did }: { did: number }) {
  const list = useWebhooks(did);
  const params = useWebhookParams();
  const [adding, setAdding] = useState<WebhookEvent | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  // Keyed by webhook and URL: after the URL changes, the old URL's result no longer applies.
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const test = useTestWebhook(did, (webhook, result) =>
    setResults((current) => ({ ...current, [resultKey(webhook)]: result })),
  );
  const switcher = useSwitchWebhook(did);
  const remove = useDeleteWebhook(did);

  const webhooks = list.data?.items ?? [];
  const byType = new Map(webhooks.map((w) => [w.type, w]));
  const types = params.data?.types ?? [...WEBHOOK_EVENTS];
  const formats = params.data?.formats ?? [];
  const freeTypes = types.filter((t) => !byType.has(t));

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{list.isFetching ? <LinearProgress aria-label="Loading webhooks" /> : null}</Box>
        {list.isError ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            The webhooks could not be loaded.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Webhooks by event" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {types.map((type) => {
              const webhook = byType.get(type);
              return (
                <WebhookRow
                  key={type}
                  type={type}
                  webhook={webhook}
                  formats={formats}
                  testResult={webhook ? results[resultKey(webhook)] : undefined}
                  testing={test.isPending && webhook !== undefined && test.variables?.id === webhook.id}
                  switchingTo={
                    switcher.isPending && webhook !== undefined && switcher.variables?.id === webhook.id
                      ? switcher.variables.enabled
                      : undefined
                  }
                  onAdd={setAdding}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  onTest={(w) => test.mutate(w)}
                  onSwitch={(w, enabled) => switcher.mutate({ id: w.id, enabled })}
                />
              );
            })}
          </Box>
        )}
      </Paper>
      <WebhookFormats formats={formats} />
      <CreateWebhookDialog
        did={did}
        type={adding}
        freeTypes={freeTypes}
        formats={formats}
        onClose={() => setAdding(null)}
      />
      <EditWebhookDialog did={did} webhook={editing} formats={formats} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook"
        message={`Delete the ${deleting ? eventLabel(deleting.type).toLowerCase() : ''} webhook? Events waiting for it are dropped.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function resultKey(webhook: Webhook): string {
  return `${webhook.id} ${webhook.url}`;
}
