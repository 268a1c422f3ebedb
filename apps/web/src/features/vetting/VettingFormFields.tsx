import { MAIL_KINDS, type VettingFormSave } from '@mailwright/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { FormTextField } from '../../components/FormFields.tsx';
import { MAIL_KIND_LABELS } from './VettingResponses.tsx';

type Form = VettingFormSave;
interface Option {
  value: string;
  label: string;
}

/** A native select: a country list of ~250 names is quicker to pick from (and lighter) than a menu. */
function NativeSelect({
  control,
  name,
  label,
  options,
  empty,
}: {
  control: Control<Form>;
  name: 'responses.country' | 'responses.location';
  label: string;
  options: Option[];
  empty: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          {...field}
          value={field.value ?? ''}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          <option value="">{empty}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}

/** The questions of the vetting form (issue 15), bound to the form by name. */
export function VettingFormFields({
  control,
  countries,
  locations,
}: {
  control: Control<Form>;
  countries: Option[];
  locations: Option[];
}) {
  return (
    <>
      <FormTextField control={control} name="responses.company" label="Company" autoComplete="organization" />
      <FormTextField control={control} name="responses.website" label="Website" autoComplete="url" />
      <NativeSelect control={control} name="responses.country" label="Country" options={countries} empty="Choose…" />
      <Controller
        control={control}
        name="responses.monthly_volume"
        render={({ field, fieldState }) => (
          <TextField
            fullWidth
            type="number"
            label="Monthly volume"
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
            slotProps={{ htmlInput: { min: 0, step: 1000 } }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Messages you expect to send a month'}
          />
        )}
      />
      <Controller
        control={control}
        name="responses.mail_kinds"
        render={({ field, fieldState }) => {
          const value: string[] = field.value ?? [];
          const toggle = (kind: string, on: boolean) =>
            field.onChange(on ? [...value, kind] : value.filter((k) => k !== kind));
          return (
            <FormControl error={Boolean(fieldState.error)} component="fieldset">
              <FormLabel component="legend">Kinds of mail you will send</FormLabel>
              <FormGroup>
                {MAIL_KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    label={MAIL_KIND_LABELS[kind]}
                    control={
                      <Checkbox checked={value.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          );
        }}
      />
      <FormTextField
        control={control}
        name="responses.address_collection"
        label="Address collection"
        helperText="How the addresses you send to were collected (sign-up, purchase, import…)"
        multiline
        minRows={2}
      />
      <FormTextField
        control={control}
        name="responses.unsubscribe_handling"
        label="Unsubscribe handling"
        helperText="How recipients unsubscribe, and how fast it is applied"
        multiline
        minRows={2}
      />
      <NativeSelect
        control={control}
        name="responses.location"
        label="Data location"
        options={locations}
        empty="No preference"
      />
      <FormTextField
        control={control}
        name="responses.notes"
        label="Anything else we should know"
        multiline
        minRows={3}
      />
    </>
  );
}
