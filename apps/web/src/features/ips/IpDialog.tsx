import {
  formatWarmupSchedule,
  type IpFormValues,
  type IpInput,
  type IpPool,
  ipForm,
  type SendingIp,
} from '@mailwright/contract';
import { type Control, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormSwitch, FormTextField } from '../../components/FormFields.tsx';

const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

function valuesOf(ip: SendingIp | null): IpFormValues {
  return {
    ip: ip?.ip ?? '',
    ptr_host: ip?.ptr_host ?? '',
    pool_id: ip?.pool_id ? String(ip.pool_id) : '',
    warmup: Boolean(ip?.warmup),
    started_on: ip?.warmup?.started_on ?? '',
    schedule: ip?.warmup?.custom_schedule ? formatWarmupSchedule(ip.warmup.schedule) : '',
  };
}

/** Add or edit a sending IP: address, PTR name (the EHLO name), pool, and warm-up with an optional own schedule. */
export function IpDialog(props: {
  open: boolean;
  ip: SendingIp | null;
  pools: IpPool[];
  onSubmit: (body: IpInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const poolOptions = [
    { value: '', label: 'No pool' },
    ...props.pools.map((pool) => ({
      value: String(pool.id),
      label: pool.customer ? `${pool.title} (${pool.customer})` : pool.title,
    })),
  ];
  return (
    <FormDialog<IpFormValues, IpInput>
      open={props.open}
      title={props.ip ? `Edit ${props.ip.ip}` : 'Add IP address'}
      schema={ipForm}
      defaultValues={valuesOf(props.ip)}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="ip" label="IP address" autoFocus={!props.ip} />
          <FormTextField
            control={control}
            name="ptr_host"
            label="PTR host name"
            helperText="The address's reverse DNS name; mail from this IP says it in EHLO"
          />
          <FormSelect control={control} name="pool_id" label="Pool" options={poolOptions} />
          <FormSwitch control={control} name="warmup" label="In warm-up" />
          <WarmupFields control={control} />
        </>
      )}
    </FormDialog>
  );
}

function WarmupFields({ control }: { control: Control<IpFormValues, unknown, IpInput> }) {
  const warmup = useWatch({ control, name: 'warmup' });
  if (!warmup) return null;
  return (
    <>
      <FormTextField
        control={control}
        name="started_on"
        label="Warm-up day 1"
        helperText="Empty: today (UTC)"
        {...dateProps}
      />
      <FormTextField
        control={control}
        name="schedule"
        label="Own schedule (optional)"
        multiline
        minRows={3}
        maxRows={10}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        helperText="One day a line: the caps for gmail, microsoft, yahoo and other, e.g. 50 50 50 100. Empty: the default 30-day ramp."
      />
    </>
  );
}
