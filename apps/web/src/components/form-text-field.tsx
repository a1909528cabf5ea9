import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The form's control; `TOut` is what its resolver hands to submit (a contract type), when that differs. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The field's message, already localised (e.g. from lib/form-errors' fieldText); shown instead of helperText. */
  errorText?: string | undefined;
  /** Rewrites what is typed before the form stores it (e.g. upper case). */
  normalize?: (value: string) => string;
  /** A 'count/max' counter at the end of the hint line (long texts); `testId` goes on the counter. */
  counter?: { count: number; max: number; testId?: string };
};

/**
 * A react-hook-form text field: the Controller, the MUI TextField, and the field's error shown in
 * place of its hint. Empty values render as '' so optional fields stay controlled.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  errorText,
  helperText,
  normalize,
  counter,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const hint = errorText ?? helperText;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...props}
          {...field}
          // The input itself takes the ref, so that focusing a field with an error (setFocus, a failed submit) works.
          inputRef={ref}
          value={field.value ?? ''}
          onChange={normalize ? (event) => field.onChange(normalize(event.target.value)) : field.onChange}
          error={Boolean(errorText)}
          helperText={
            counter ? (
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{hint}</span>
                <span data-testid={counter.testId}>
                  {counter.count}/{counter.max}
                </span>
              </Box>
            ) : (
              hint
            )
          }
        />
      )}
    />
  );
}
