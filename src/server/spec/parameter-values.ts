/**
 * Query and path parameters arrive as text. Ajv's type coercion turns any text JavaScript's Number()
 * accepts into a number: `Infinity`, `1e309`, `0x10`, `1e3`, 25 digits (echoed back rounded) and `-0`.
 * Here an integer parameter is read only in canonical decimal form (src/shared/decimal-integer.ts) as a
 * safe integer within the spec's minimum and maximum; anything else, or the parameter given twice, is a 400
 * naming it. String parameters stay strings. Ajv then validates without coercing anything.
 */
import { parseDecimalInteger } from '../../shared/decimal-integer.ts';
import { resolved } from '../../shared/openapi/openapi-document.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Validate } from './ajv.ts';
import type { JsonSchema, OpenApiDocument, SpecParameter } from './openapi-document.ts';

interface IntegerBounds {
  minimum: number;
  maximum: number;
}

function boundsOf(name: string, schema: JsonSchema): IntegerBounds {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : Number.MIN_SAFE_INTEGER;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(minimum) || !Number.isSafeInteger(maximum)) {
    throw new Error(`Parameter ${name}: minimum and maximum must be safe integers`);
  }
  return { minimum, maximum };
}

function describeBounds({ minimum, maximum }: IntegerBounds): string {
  if (minimum > Number.MIN_SAFE_INTEGER && maximum < Number.MAX_SAFE_INTEGER) return `from ${minimum} to ${maximum}`;
  if (minimum > Number.MIN_SAFE_INTEGER) return `of at least ${minimum}`;
  if (maximum < Number.MAX_SAFE_INTEGER) return `of at most ${maximum}`;
  return 'in decimal digits';
}

/**
 * The integer parameters among `parameters` with their bounds. The server refuses to start on a parameter
 * type it does not know how to read from text, rather than let Ajv guess.
 */
export function integerParameters(spec: OpenApiDocument, parameters: SpecParameter[]): Map<string, IntegerBounds> {
  const integers = new Map<string, IntegerBounds>();
  for (const parameter of parameters) {
    const schema = resolved(spec, parameter.schema) as JsonSchema;
    if (schema.type === 'integer') integers.set(parameter.name, boundsOf(parameter.name, schema));
    else if (schema.type !== 'string') {
      throw new Error(
        `Parameter ${parameter.name} has type ${JSON.stringify(schema.type)}: only string and integer parameters are read (src/server/spec/parameter-values.ts)`,
      );
    }
  }
  return integers;
}

/**
 * A Fastify validator for one request part (querystring or params): reads the integer parameters, then
 * runs Ajv (which names the parameter in its errors). Returns `{ error }` for a bad integer so the message
 * can state the parameter's bounds.
 */
export function parameterValidator(integers: Map<string, IntegerBounds>, validate: Validate) {
  const validator = (data: Record<string, unknown> | null) => {
    const values = data ?? {};
    for (const [name, bounds] of integers) {
      const raw = values[name];
      if (raw === undefined) continue;
      if (typeof raw !== 'string') return { error: new HttpError(400, `${name} must be given once`) };
      const value = parseDecimalInteger(raw);
      if (value === undefined || value < bounds.minimum || value > bounds.maximum) {
        return { error: new HttpError(400, `${name} must be an integer ${describeBounds(bounds)}`) };
      }
      values[name] = value;
    }
    if (validate(values)) return { value: values };
    validator.errors = validate.errors;
    return false;
  };
  validator.errors = null as Validate['errors'];
  return validator;
}
