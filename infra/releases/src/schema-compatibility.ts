type Schema = Record<string, unknown>;

/**
 * Which side of a contract a schema describes, which decides what breaks it:
 * - `input` (what callers send): the new schema must accept everything the old one did, so a
 *   narrowed type, a removed enum value, a tighter limit or a new required field breaks it;
 * - `output` (what callers and consumers read): the new schema must promise what the old one
 *   did, so a field made optional, a widened type or a new enum value breaks it;
 * - `both` (an event: old and new producers and consumers meet in either order).
 * A removed field breaks every side. Documentation never does.
 */
export type Side = 'input' | 'output' | 'both';

const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const checksInput = (side: Side) => side !== 'output';
const checksOutput = (side: Side) => side !== 'input';

/** The alternatives a schema allows (anyOf/oneOf, as zod writes a nullable field), or itself. */
const variants = (schema: Schema): Schema[] => {
  const list = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return Array.isArray(list) ? list.flatMap(variants) : [schema];
};

/** The JSON types a schema allows; an integer is a number. Empty: any. */
function typesOf(schema: Schema): Set<string> {
  const declared = schema.type;
  const types = new Set(Array.isArray(declared) ? (declared as string[]) : typeof declared === 'string' ? [declared] : []);
  if ('const' in schema && types.size === 0) types.add(schema.const === null ? 'null' : typeof schema.const);
  return types;
}
const covers = (types: Set<string>, type: string) => types.size === 0 || types.has(type) || (type === 'integer' && types.has('number'));

/** The values a schema is limited to (`enum` or `const`), or null when not limited so. */
const valuesOf = (schema: Schema): unknown[] | null =>
  Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
const show = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** What in `after` breaks the callers of `before`, as `<where>: <what>` lines. */
export function schemaBreakingChanges(before: unknown, after: unknown, side: Side, at = '$'): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const old = variants(before);
  const now = variants(after);
  if (old.length > 1 || now.length > 1) return compareVariants(old, now, side, at);
  return [
    ...compareTypes(before, after, side, at),
    ...compareValues(before, after, side, at),
    ...compareLimits(before, after, side, at),
    ...compareProperties(before, after, side, at),
    ...schemaBreakingChanges(before.items, after.items, side, `${at}[]`),
  ];
}

/** Each old alternative a caller may send must still be accepted; each new one a reader may get must have been promised. */
function compareVariants(old: Schema[], now: Schema[], side: Side, at: string): string[] {
  const problems: string[] = [];
  const closest = (schema: Schema, among: Schema[], sideOf: Side) =>
    among
      .map((candidate) => schemaBreakingChanges(schema, candidate, sideOf, at))
      .reduce((best, found) => (found.length < best.length ? found : best), [`${at}: no alternative like ${describe(schema)} is left`]);
  if (checksInput(side)) for (const schema of old) problems.push(...closest(schema, now, 'input'));
  if (checksOutput(side)) {
    for (const schema of now) {
      const found = old.map((candidate) => schemaBreakingChanges(candidate, schema, 'output', at));
      if (!found.some((list) => list.length === 0)) problems.push(`${at}: may now be ${describe(schema)}`);
    }
  }
  return [...new Set(problems)];
}

const describe = (schema: Schema) => [...typesOf(schema)].join(' or ') || 'anything';

function compareTypes(before: Schema, after: Schema, side: Side, at: string): string[] {
  const old = typesOf(before);
  const now = typesOf(after);
  const lost = [...old].filter((type) => !covers(now, type));
  const gained = [...now].filter((type) => !covers(old, type));
  if (old.size > 0 && now.size === 0) gained.push('any type');
  const problems: string[] = [];
  if (checksInput(side) && (lost.length || (old.size === 0 && now.size > 0))) problems.push(`${at}: type narrowed to ${describe(after)}`);
  if (checksOutput(side) && gained.length) problems.push(`${at}: type widened to ${describe(after)}`);
  return problems;
}

function compareValues(before: Schema, after: Schema, side: Side, at: string): string[] {
  const old = valuesOf(before);
  const now = valuesOf(after);
  const problems: string[] = [];
  if (checksInput(side) && now) {
    const refused = old ? old.filter((v) => !now.some((n) => Object.is(n, v))) : null;
    if (!old) problems.push(`${at}: now limited to ${show(now)}`);
    else if (refused?.length) problems.push(`${at}: no longer accepts ${show(refused)}`);
  }
  if (checksOutput(side) && old) {
    const added = now ? now.filter((v) => !old.some((o) => Object.is(o, v))) : null;
    if (!now) problems.push(`${at}: no longer limited to ${show(old)}`);
    else if (added?.length) problems.push(`${at}: may now be ${show(added)}`);
  }
  const oldPattern = `${before.pattern ?? ''}|${before.format ?? ''}`;
  const newPattern = `${after.pattern ?? ''}|${after.format ?? ''}`;
  if (oldPattern !== newPattern) {
    if (checksInput(side) && newPattern !== '|') problems.push(`${at}: pattern or format changed`);
    else if (checksOutput(side) && oldPattern !== '|') problems.push(`${at}: pattern or format changed`);
  }
  return problems;
}

function compareLimits(before: Schema, after: Schema, side: Side, at: string): string[] {
  const problems: string[] = [];
  const limits = [...UPPER.map((key) => [key, 1] as const), ...LOWER.map((key) => [key, -1] as const)];
  for (const [key, direction] of limits) {
    const old = before[key] as number | undefined;
    const now = after[key] as number | undefined;
    // Tighter: a bound where there was none, or one that lets through less (a lower maximum, a higher minimum).
    const tighter = now !== undefined && (old === undefined || (now - old) * direction < 0);
    const looser = old !== undefined && (now === undefined || (now - old) * direction > 0);
    if (checksInput(side) && tighter) problems.push(`${at}: ${key} tightened to ${now}`);
    if (checksOutput(side) && looser) problems.push(`${at}: ${key} loosened to ${now ?? 'none'}`);
  }
  return problems;
}

function compareProperties(before: Schema, after: Schema, side: Side, at: string): string[] {
  if (!isObject(before.properties) && !isObject(after.properties)) return [];
  const problems: string[] = [];
  const oldProps = (before.properties ?? {}) as Schema;
  const newProps = (after.properties ?? {}) as Schema;
  const oldRequired = new Set((before.required ?? []) as string[]);
  const newRequired = new Set((after.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(oldProps)) {
    if (!(name in newProps)) {
      problems.push(`${at}.${name}: removed`);
      continue;
    }
    if (checksInput(side) && !oldRequired.has(name) && newRequired.has(name)) problems.push(`${at}.${name}: became required`);
    if (checksOutput(side) && oldRequired.has(name) && !newRequired.has(name)) problems.push(`${at}.${name}: became optional`);
    problems.push(...schemaBreakingChanges(schema, newProps[name], side, `${at}.${name}`));
  }
  for (const name of Object.keys(newProps)) {
    if (!(name in oldProps) && newRequired.has(name) && checksInput(side)) problems.push(`${at}.${name}: added as a required input`);
  }
  if (checksInput(side) && after.additionalProperties === false && before.additionalProperties !== false) {
    problems.push(`${at}: unknown fields now refused`);
  }
  return problems;
}
