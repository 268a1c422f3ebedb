import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** Fields bound to a react-hook-form form by name, showing their (client or server) error under the field. */
interface BoundProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
}

type FormTextFieldProps<T extends FieldValues> = BoundProps<T> &
  Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'>;

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  ...rest
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  helperText,
  disabled,
  emptyAsNull = false,
}: BoundProps<T> & {
  options: SelectOption[];
  helperText?: string;
  disabled?: boolean;
  /** The option with value '' stands for null (e.g. "no subrole"). */
  emptyAsNull?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          {...field}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(emptyAsNull && event.target.value === '' ? null : event.target.value)}
          label={label}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: BoundProps<T> & { helperText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={label}
          />
          {fieldState.error || helperText ? (
            <FormHelperText error={Boolean(fieldState.error)}>{fieldState.error?.message ?? helperText}</FormHelperText>
          ) : null}
        </div>
      )}
    />
  );
}
