import { reputationEndpoints, sndsKeyForm } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';
import { REPUTATION_KEY } from './reputation.api.ts';

/** Stores the Microsoft SNDS data-access key (sealed on the server); an empty key removes it. */
export function SndsKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const save = useMutation({
    mutationFn: (body: { key: string }) => api(reputationEndpoints.sndsKey, { body }),
    onSuccess: (answer) => {
      notify(answer.message);
      return queryClient.invalidateQueries({ queryKey: REPUTATION_KEY });
    },
  });
  return (
    <FormDialog
      open={open}
      title="Microsoft SNDS key"
      schema={sndsKeyForm}
      defaultValues={{ key: '' }}
      onSubmit={(body) => save.mutateAsync(body)}
      onClose={onClose}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="key"
          label="Data-access key"
          autoComplete="off"
          autoFocus
          helperText="From SNDS › Automated Data Access. Stored encrypted; leave empty to remove the stored key."
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
    </FormDialog>
  );
}
