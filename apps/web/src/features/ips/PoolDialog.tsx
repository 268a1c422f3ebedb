import { type IpPool, type IpPoolFormValues, type IpPoolInput, ipPoolForm } from '@mailwright/contract';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { useCustomerChoices } from './ips.api.ts';

/** Create or edit a pool: a title, an owning customer (a dedicated pool) or none (a system pool), the default flag. */
export function PoolDialog(props: {
  open: boolean;
  pool: IpPool | null;
  onSubmit: (body: IpPoolInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const customers = useCustomerChoices(props.open);
  const options = [
    { value: '', label: 'None: a system pool' },
    ...(customers.data?.items ?? []).map((c) => ({ value: String(c.cid), label: c.customer })),
  ];
  // The pool's own owner stays choosable while the list loads.
  if (props.pool?.cid && !options.some((o) => o.value === String(props.pool?.cid))) {
    options.push({ value: String(props.pool.cid), label: props.pool.customer ?? `Customer ${props.pool.cid}` });
  }
  return (
    <FormDialog<IpPoolFormValues, IpPoolInput>
      open={props.open}
      title={props.pool ? `Edit pool ${props.pool.title}` : 'Add IP pool'}
      schema={ipPoolForm}
      defaultValues={{
        title: props.pool?.title ?? '',
        cid: props.pool?.cid ? String(props.pool.cid) : '',
        is_default: props.pool?.is_default ?? false,
      }}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="title" label="Title" autoFocus />
          <FormSelect
            control={control}
            name="cid"
            label="Dedicated to customer"
            options={options}
            helperText="A dedicated pool serves only that customer's domains; the customer sees it, read-only"
          />
          <FormSwitch
            control={control}
            name="is_default"
            label="System default"
            helperText="Domains and customers without a pool of their own send from the default pool"
          />
        </>
      )}
    </FormDialog>
  );
}
