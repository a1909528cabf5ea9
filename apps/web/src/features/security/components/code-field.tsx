import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';

/** A 6-digit code input: numeric keyboard, one-time-code autofill, digits only. */
export const CodeField = forwardRef<HTMLInputElement, TextFieldProps>(function CodeField(props, ref) {
  const { onChange, slotProps, ...rest } = props;
  return (
    <TextField
      {...rest}
      inputRef={ref}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
        onChange?.(event);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 6,
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
          ...(slotProps?.htmlInput as object),
        },
      }}
    />
  );
});
