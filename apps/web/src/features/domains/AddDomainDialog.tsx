import { type Domain, domainCreate } from '@mailwright/contract';
import { useRef } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { ApiError } from '../../lib/api.ts';
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
  const submit = async (body: { name: string }) => {
    try {
      onAdded(await create.mutateAsync(body));
      added.current = true;
    } catch (error) {
      // A name already registered is a 409 with a field error: put it under the field like a 400's (the snackbar
      // has shown the message already).
      if (error instanceof ApiError && error.status === 409 && error.fieldErrors.length > 0) {
        throw new ApiError(400, error.message, error.fieldErrors, true);
      }
      throw error;
    }
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
