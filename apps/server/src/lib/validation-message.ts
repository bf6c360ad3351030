// Turns the zod issues of a rejected request into one sentence a person can
// act on ("size must be a whole number between 1 and 48") instead of zod's
// developer wording ("Too big: expected number to be <=48").
import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';

/** Where the bad value was, as Fastify reports it. */
export type ValidationContext = 'body' | 'params' | 'querystring' | 'headers';

const contextNouns: Record<ValidationContext, string> = {
  body: 'request body',
  params: 'path',
  querystring: 'query',
  headers: 'header',
};

function isValidationContext(value: unknown): value is ValidationContext {
  return value === 'body' || value === 'params' || value === 'querystring' || value === 'headers';
}

/** The schema a value is finally checked against, past optional/default/coercion wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      // A preprocess/transform pipe checks its output schema last; that one carries the bounds.
      current = current.out as z.ZodType;
    } else {
      break;
    }
  }
  return current;
}

function fieldSchema(root: unknown, path: readonly string[]): z.ZodType | undefined {
  if (!(root instanceof z.ZodType)) return undefined;
  let current: z.ZodType = unwrap(root);
  for (const key of path) {
    if (current instanceof z.ZodObject) {
      const next = (current.shape as Record<string, z.ZodType | undefined>)[key];
      if (!next) return undefined;
      current = unwrap(next);
    } else if (current instanceof z.ZodArray) {
      current = unwrap(current.element as z.ZodType);
    } else {
      return undefined;
    }
  }
  return current;
}

function numberRule(schema: z.ZodNumber): string {
  const kind = schema.isInt ? 'a whole number' : 'a number';
  const min = schema.minValue;
  const max = schema.maxValue;
  // zod reports ±Number.MAX_SAFE_INTEGER for `.int()` without explicit bounds.
  const hasMin = min !== null && Number.isFinite(min) && Math.abs(min) < Number.MAX_SAFE_INTEGER;
  const hasMax = max !== null && Number.isFinite(max) && Math.abs(max) < Number.MAX_SAFE_INTEGER;
  if (hasMin && hasMax) return `${kind} between ${min} and ${max}`;
  if (hasMin) return `${kind} of at least ${min}`;
  if (hasMax) return `${kind} of at most ${max}`;
  return kind;
}

/** Unknown keys named in a message; the rest are counted. */
const maxNamedKeys = 5;

function param(issue: FastifySchemaValidationError, key: string): unknown {
  return issue.params[key];
}

function describeIssue(
  issue: FastifySchemaValidationError,
  context: ValidationContext | undefined,
  root: unknown,
): string {
  const path = issue.instancePath.split('/').filter((segment) => segment !== '');
  const field = path.join('.');
  const subject = field === '' ? (context ? capitalise(contextNouns[context]) : 'Request') : field;
  const schema = fieldSchema(root, path);

  if (issue.keyword === 'custom') return issue.message ?? `${subject} is not valid`;
  if (issue.keyword === 'unrecognized_keys') {
    const keys = param(issue, 'keys');
    const names = Array.isArray(keys) ? keys.map(String) : [];
    const noun = context === 'body' ? 'field' : context === 'querystring' ? 'query parameter' : 'parameter';
    const plural = names.length === 1 ? noun : `${noun}s`;
    const shape = root instanceof z.ZodObject ? Object.keys(root.shape) : [];
    const allowed = shape.length > 0 ? ` Allowed: ${shape.join(', ')}.` : '';
    // Named up to a few, each cut short: the message answers a request, it does not echo it.
    const shown = names.slice(0, maxNamedKeys).map((n) => `'${n.length > 40 ? `${n.slice(0, 40)}...` : n}'`);
    const more = names.length > maxNamedKeys ? ` and ${names.length - maxNamedKeys} more` : '';
    return `Unknown ${plural} ${shown.join(', ')}${more}.${allowed}`;
  }
  if (issue.keyword === 'invalid_type' && issue.message?.endsWith('received undefined')) {
    return `${subject} is required`;
  }
  if (schema instanceof z.ZodNumber) return `${subject} must be ${numberRule(schema)}`;
  if (issue.keyword === 'invalid_format') {
    const format = param(issue, 'format');
    return format === 'uuid' ? `${subject} must be a UUID` : `${subject} must be a valid ${String(format)}`;
  }
  if (issue.keyword === 'invalid_value') {
    const values = param(issue, 'values');
    if (Array.isArray(values)) return `${subject} must be one of ${values.map(String).join(', ')}`;
  }
  if ((issue.keyword === 'too_small' || issue.keyword === 'too_big') && param(issue, 'origin') === 'string') {
    const limit = Number(param(issue, issue.keyword === 'too_small' ? 'minimum' : 'maximum'));
    return issue.keyword === 'too_small'
      ? `${subject} must be at least ${limit} character${limit === 1 ? '' : 's'} long`
      : `${subject} must be at most ${limit} characters long`;
  }
  if (issue.keyword === 'invalid_type') {
    const expected = param(issue, 'expected');
    if (field === '' && context === 'body') return 'Request body must be a JSON object';
    return `${subject} must be ${typeof expected === 'string' ? withArticle(expected) : 'of another type'}`;
  }
  // Anything rarer keeps zod's own wording, prefixed so the client knows which value it was.
  return `${subject}: ${issue.message ?? 'is not valid'}`;
}

function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One message for every issue of a rejected request, e.g.
 * "page must be a whole number between 0 and 10000; size must be a whole number between 1 and 48".
 * `schema` is the route's zod schema for that part of the request, used to
 * state the full rule (both bounds) even when only one was broken.
 */
export function validationMessage(
  issues: readonly FastifySchemaValidationError[],
  context: unknown,
  schema: unknown,
): string {
  const where = isValidationContext(context) ? context : undefined;
  const messages = [...new Set(issues.map((issue) => describeIssue(issue, where, schema)))];
  return messages.length > 0 ? messages.join('; ') : 'The request is not valid';
}
