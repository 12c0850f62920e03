/**
 * A text field of the token form that counts its characters against a limit as they are typed ("12/100")
 * and says in words when the text is over it. It watches its own value, so a keystroke re-renders this
 * field alone, not the whole form.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useWatch, type Control, type FieldPathByValue, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { counterText, tooLongMessage } from '../lib/text-limits';
import { HelpWithCounter } from './field-help';

type CountedTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'error' | 'helperText' | 'name'> & {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** What register() returned for the field. */
  registration: UseFormRegisterReturn;
  max: number;
  /** Shown while nothing is wrong. */
  help: string;
  /** The form's error for the field, if any (shown before the limit's). */
  errorMessage: string | undefined;
};

export function CountedTextField<T extends FieldValues>({ control, name, registration, max, help, errorMessage, ...props }: CountedTextFieldProps<T>) {
  const value = useWatch({ control, name }) as string;
  const problem = errorMessage ?? tooLongMessage(value, max);
  return (
    <TextField
      {...props}
      {...registration}
      error={problem !== undefined}
      helperText={<HelpWithCounter message={problem ?? help} counter={counterText(value, max)} />}
    />
  );
}
