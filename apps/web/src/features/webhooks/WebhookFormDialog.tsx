import {
  eventLabel,
  type Webhook,
  type WebhookEvent,
  type WebhookFormat,
  webhookInput,
  webhookUpdate,
} from '@mailwright/contract';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormSwitch, FormTextField, type SelectOption } from '../../components/FormFields.tsx';
import { useCreateWebhook, useUpdateWebhook } from './webhooks.api.ts';

function formatOptions(formats: readonly WebhookFormat[]): SelectOption[] {
  return formats.map((f) => ({ value: f.format, label: `${f.name} (signed ${f.auth})` }));
}

const URL_HELP = 'Each event is POSTed here as JSON; credentials in the URL (https://user:pass@…) become Basic auth.';

interface CreateProps {
  did: number;
  /** The event type the dialog starts with (the row's "Add"); null closes it. */
  type: WebhookEvent | null;
  /** Event types with no webhook yet (one URL per event type). */
  freeTypes: readonly WebhookEvent[];
  formats: readonly WebhookFormat[];
  onClose: () => void;
}

export function CreateWebhookDialog({ did, type, freeTypes, formats, onClose }: CreateProps) {
  const create = useCreateWebhook(did);
  return (
    <FormDialog
      open={type !== null}
      title="New webhook"
      submitLabel="Create"
      schema={webhookInput}
      defaultValues={{ type: type ?? 'delivered', url: '', format: 'json', enabled: true }}
      onSubmit={(body) => create.mutateAsync(body)}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormSelect
            control={control}
            name="type"
            label="Event"
            options={freeTypes.map((t) => ({ value: t, label: eventLabel(t) }))}
          />
          <FormTextField
            control={control}
            name="url"
            label="URL"
            type="url"
            placeholder="https://example.com/webhooks/mailwright"
            helperText={URL_HELP}
            autoComplete="off"
            autoFocus
          />
          <FormSelect control={control} name="format" label="Format" options={formatOptions(formats)} />
          <FormSwitch control={control} name="enabled" label="On" />
        </>
      )}
    </FormDialog>
  );
}

interface EditProps {
  did: number;
  webhook: Webhook | null;
  formats: readonly WebhookFormat[];
  onClose: () => void;
}

export function EditWebhookDialog({ did, webhook, formats, onClose }: EditProps) {
  const update = useUpdateWebhook(did);
  return (
    <FormDialog
      open={webhook !== null}
      title={`Edit the ${webhook ? eventLabel(webhook.type).toLowerCase() : ''} webhook`}
      schema={webhookUpdate}
      defaultValues={{ url: webhook?.url ?? '', format: webhook?.format ?? 'json' }}
      onSubmit={(body) => (webhook ? update.mutateAsync({ id: webhook.id, body }) : Promise.resolve())}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="url"
            label="URL"
            type="url"
            helperText={URL_HELP}
            autoComplete="off"
            autoFocus
          />
          <FormSelect control={control} name="format" label="Format" options={formatOptions(formats)} />
        </>
      )}
    </FormDialog>
  );
}
