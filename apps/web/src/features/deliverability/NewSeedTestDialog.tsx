import { type SeedTestCreate, seedTestCreate } from '@mailwright/contract';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { useStartSeedTest, useTemplateChoices } from './deliverability.api.ts';

const EMPTY: SeedTestCreate = { from: '', subject: '', html: '', text: '' };

/**
 * A new seed test: paste the message (subject and HTML or text) or pick one of the domain's templates (its active
 * version is sent). Starting it opens the test, which fills in as the seed mailboxes are read.
 */
export function NewSeedTestDialog({
  domain,
  open,
  onClose,
}: {
  domain: WorkingDomain;
  open: boolean;
  onClose: () => void;
}) {
  const start = useStartSeedTest(domain.did);
  const templates = useTemplateChoices(domain.did, open);
  const navigate = useNavigate();
  const options = [
    { value: '', label: 'None: paste the content below' },
    ...(templates.data?.items ?? []).map((t) => ({ value: String(t.tmplid), label: t.name })),
  ];
  return (
    <FormDialog
      open={open}
      title="New seed test"
      schema={seedTestCreate}
      defaultValues={EMPTY}
      submitLabel="Send to the seed list"
      maxWidth="md"
      onSubmit={async (body) => {
        const started = await start.mutateAsync(body);
        await navigate(`/analytics/deliverability/${started.id}`);
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="from"
            label="From"
            placeholder={`postmaster@${domain.name}`}
            helperText={`An address at ${domain.name}; blank sends from postmaster@${domain.name}`}
          />
          <FormSelect
            control={control}
            name="template_id"
            label="Template"
            options={options}
            emptyAsNull={false}
            helperText="A template of this domain: its active version is sent (the subject below overrides its own)"
          />
          <FormTextField control={control} name="subject" label="Subject" autoFocus />
          <FormTextField control={control} name="html" label="HTML" multiline minRows={4} maxRows={12} />
          <FormTextField control={control} name="text" label="Text" multiline minRows={3} maxRows={10} />
        </>
      )}
    </FormDialog>
  );
}
