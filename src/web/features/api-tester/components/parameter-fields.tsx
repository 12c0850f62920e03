/**
 * A field for each parameter the spec declares for the chosen call: its one id as "ID", `page` and `size`
 * side by side, and any other path or query parameter by its name, with its type, bounds, default and
 * description. Integer fields take digits only: a typed letter is stopped before it lands, so the caret and
 * any selection stay where they were (refusing it afterwards would put the caret at the end).
 */
import type { Ref, RefCallback } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CatalogueParameter } from '../../../../shared/portal-data/catalogue';
import { digitsOnly } from '../lib/digits-only';
import type { TesterOperation } from '../lib/operations';
import { isSoleId, labelOf, parameterProblem } from '../lib/parameter-values';

interface ParameterFieldsProps {
  operation: TesterOperation;
  texts: Readonly<Record<string, string>>;
  onText: (name: string, text: string) => void;
  /** On blur: write the typed values to the URL. */
  onCommit: () => void;
  /** The parameter the last Test API found wrong, with its message. */
  failure: { field: string; message: string } | null;
  /** Each field's input, by parameter name: focused when the call is refused for it. */
  inputRef: (name: string) => Ref<HTMLInputElement>;
}

function refuseNonDigits(event: InputEvent) {
  if (event.data !== null && /\D/.test(event.data)) event.preventDefault();
}

/** The field's own ref, plus the native `beforeinput` check (React's onBeforeInput is not the native event). */
function digitsOnlyRef(ref: Ref<HTMLInputElement>): RefCallback<HTMLInputElement> {
  const assign = (input: HTMLInputElement | null) => {
    if (typeof ref === 'function') ref(input);
    else if (ref) ref.current = input;
  };
  return (input) => {
    assign(input);
    if (!input) return undefined;
    input.addEventListener('beforeinput', refuseNonDigits);
    return () => {
      input.removeEventListener('beforeinput', refuseNonDigits);
      assign(null);
    };
  };
}

/** What a field says under it when nothing is wrong. */
function helpOf(operation: TesterOperation, parameter: CatalogueParameter): string {
  if (isSoleId(operation, parameter)) return 'Numbers only';
  // The API's own `page`: the pager under the response counts the same way.
  if (parameter.name === 'page') return 'Zero-based: 0 is the first page';
  const bounds = parameter.minimum !== undefined && parameter.maximum !== undefined ? `${parameter.minimum} to ${parameter.maximum}` : null;
  if (parameter.name === 'size' && bounds) return `${bounds} rows`;
  return [parameter.description?.replace(/`/g, ''), bounds].filter(Boolean).join(' · ') || (parameter.type === 'integer' ? 'Numbers only' : '');
}

export function ParameterFields({ operation, texts, onText, onCommit, failure, inputRef }: ParameterFieldsProps) {
  const field = (parameter: CatalogueParameter) => {
    const text = texts[parameter.name] ?? '';
    // A value outside the spec is marked as soon as it is typed; a missing one only when the call is refused.
    const problem = text === '' ? (failure?.field === parameter.name ? failure.message : null) : parameterProblem(operation, parameter, text);
    const integer = parameter.type === 'integer';
    return (
      <TextField
        key={parameter.name}
        label={labelOf(operation, parameter)}
        value={text}
        inputRef={integer ? digitsOnlyRef(inputRef(parameter.name)) : inputRef(parameter.name)}
        required={parameter.required && parameter.default === undefined && !isSoleId(operation, parameter)}
        onChange={(event) => onText(parameter.name, integer ? digitsOnly(text, event.target.value) : event.target.value)}
        onBlur={onCommit}
        error={problem !== null}
        helperText={problem ?? helpOf(operation, parameter)}
        slotProps={integer ? { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } } : {}}
      />
    );
  };
  const paging = ['page', 'size'].map((name) => operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name));
  const [page, size] = paging;
  const others = operation.parameters.filter((parameter) => !paging.includes(parameter));
  return (
    <>
      {others.map(field)}
      {page && size ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {field(page)}
          {field(size)}
        </Stack>
      ) : (
        [page, size].filter((parameter) => parameter !== undefined).map(field)
      )}
    </>
  );
}
