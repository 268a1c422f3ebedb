import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEventHandler, type FocusEventHandler, type InputHTMLAttributes, type Ref, useId } from 'react';

export interface LightTextFieldProps {
  label: string;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The `<input>` itself (react-hook-form's `register` gives it here). */
  ref?: Ref<HTMLInputElement>;
  /** Attributes of the `<input>`, as TextField's `slotProps.htmlInput`. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined text field built as MUI's TextField builds one (FormControl, InputLabel, OutlinedInput,
 * FormHelperText, the same classes and ids), without TextField's `select` branch: TextField imports Select, Menu,
 * Popover, Modal and the filled and standard inputs whether or not they are used. The guest screens use this one,
 * so the sign-in page stays small (issue 11, console speed); it looks and behaves exactly like
 * `<TextField variant="outlined">`.
 */
export function LightTextField({
  label,
  helperText,
  error = false,
  fullWidth = false,
  disabled = false,
  ref,
  htmlInput,
  ...input
}: LightTextFieldProps) {
  const id = `mui-${useId()}`;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      fullWidth={fullWidth}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        inputRef={ref}
        inputProps={htmlInput}
        aria-describedby={helperTextId}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
