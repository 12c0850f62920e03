/**
 * The values of an operation's parameters, as typed (text), keyed by the spec's parameter names: what the
 * tester's fields hold, what its URL and history keep, and what a request is built from. The rules come
 * from each parameter's schema in the spec: its type, bounds and default. A value that breaks them is
 * never sent and never replaced: the form marks it until it is corrected.
 */
import { parseDecimalInteger } from '../../../../shared/decimal-integer';
import type { CatalogueParameter } from '../../../../shared/portal-data/catalogue';
import type { TesterOperation } from './operations';

export type ParameterValues = Readonly<Record<string, string>>;

/** The seed's own texts for the one id of a detail call. */
export const ID_REQUIRED = 'ID is required for detail view.';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The call's one id (its only path parameter): the "ID" field, and `id` in the tester's URL. */
export function isSoleId(operation: Pick<TesterOperation, 'idParam'>, parameter: Pick<CatalogueParameter, 'name' | 'in'>): boolean {
  return parameter.in === 'path' && operation.idParam === parameter.name;
}

/** The field's label: `ID` for a call's one id, else the parameter's name as the spec writes it (`lineId`); one word capitalised (`Size`). */
export function labelOf(operation: Pick<TesterOperation, 'idParam'>, parameter: CatalogueParameter): string {
  if (isSoleId(operation, parameter)) return 'ID';
  return /^[a-z]+$/.test(parameter.name) ? capitalise(parameter.name) : parameter.name;
}

/** The key a value has in the tester's URL: `id` for a call's one id, else the parameter's name. */
export function urlKeyOf(operation: Pick<TesterOperation, 'idParam'>, parameter: CatalogueParameter): string {
  return isSoleId(operation, parameter) ? 'id' : parameter.name;
}

/** What is wrong with a value as typed, or null. An empty value takes the default, if there is one. */
export function parameterProblem(operation: Pick<TesterOperation, 'idParam'>, parameter: CatalogueParameter, text: string): string | null {
  const label = labelOf(operation, parameter);
  if (text === '') {
    if (!parameter.required || parameter.default !== undefined) return null;
    return isSoleId(operation, parameter) ? ID_REQUIRED : `${label} is required.`;
  }
  if (parameter.type === 'integer') {
    const value = parseDecimalInteger(text);
    if (value === undefined) return `${label} must be a whole number.`;
    const { minimum, maximum } = parameter;
    if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
      return maximum === undefined ? `${label} must be at least ${minimum}.` : `${label} must be from ${minimum ?? 0} to ${maximum}.`;
    }
  }
  if (parameter.enum && !parameter.enum.map(String).includes(text)) return `${label} must be one of ${parameter.enum.join(', ')}.`;
  return null;
}

/** The first value that breaks its parameter's rules, in the form's order. */
export function firstProblem(operation: TesterOperation, values: ParameterValues): { name: string; message: string } | null {
  for (const parameter of operation.parameters) {
    const message = parameterProblem(operation, parameter, values[parameter.name] ?? '');
    if (message) return { name: parameter.name, message };
  }
  return null;
}

/** What a field shows before anything is typed: the URL's value, else the spec's default, else nothing. */
export function initialText(parameter: CatalogueParameter, fromUrl: string | undefined): string {
  return fromUrl ?? (parameter.default === undefined ? '' : String(parameter.default));
}

/** The value a request sends: as typed, or the default when empty; undefined when neither. */
export function effectiveValue(parameter: CatalogueParameter, values: ParameterValues): string | undefined {
  const text = values[parameter.name] ?? '';
  if (text !== '') return text;
  return parameter.default === undefined ? undefined : String(parameter.default);
}

/** The values a URL names for an operation (`id` for its one id, else each parameter's name); valid ones only. */
export function valuesFromUrl(operation: TesterOperation, params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const raw = params.get(urlKeyOf(operation, parameter)) ?? params.get(parameter.name);
    if (raw !== null && raw !== '' && parameterProblem(operation, parameter, raw) === null) values[parameter.name] = raw;
  }
  return values;
}

/** The values worth writing into a URL: the ones typed that differ from their default. */
export function valuesForUrl(operation: TesterOperation, values: ParameterValues): [string, string][] {
  return operation.parameters.flatMap((parameter): [string, string][] => {
    const text = values[parameter.name] ?? '';
    return text === '' || text === String(parameter.default) ? [] : [[urlKeyOf(operation, parameter), text]];
  });
}

/** The value of the call's one id, or '' (file names, history). */
export function idValueOf(operation: TesterOperation, values: ParameterValues): string {
  return operation.idParam ? (values[operation.idParam] ?? '') : '';
}
