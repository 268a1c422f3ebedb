import { type Domain, domainCreate } from '@mailwright/contract';
import { useRef } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { useCreateDomain } from './domains.api.ts';

interface AddDomainDialogProps {
  open: boolean;
  /** `added` says whether a domain was just added (then the screen moves on to it). */
  onClose: (added: boolean) => void;
  onAdded: (domain: Domain) => void;
}

/** Add a sending domain: the name is checked with the contract's rules (a real host name, not a reserved prefix). */
export function AddDomainDialog({ open, onClose, onAdded }: AddDomainDialogProps) {
  const create = useCreateDomain();
  const added = useRef(false);
  // A name already registered is a 409 naming the field: FormDialog puts it under the field like a 400's.
  const submit = async (body: { name: string }) => {
    onAdded(await create.mutateAsync(body));
    added.current = true;
  };
  return (
    <FormDialog
      open={open}
      title="Add a domain"
      submitLabel="Add domain"
      schema={domainCreate}
      defaultValues={{ name: '' }}
      onSubmit={submit}
      onClose={() => {
        onClose(added.current);
        added.current = false;
      }}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="name"
          label="Domain name"
          placeholder="mail.example.com"
          autoComplete="off"
          autoFocus
          helperText="The domain in your From addresses, e.g. example.com or a subdomain such as mail.example.com."
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
    </FormDialog>
  );
}
