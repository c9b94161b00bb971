import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { ZEventEnvelope, type EventContract } from '../src/events/define-event';

/**
 * The JSON Schema of every contract, generated from the zod schemas and committed under
 * json-schemas/, so a change that would break another service or a client shows up as a
 * failing test instead of in production:
 * - events/<subject>.json for every event contract in src/events (and the envelope);
 * - api/<Name>.json for every zod schema exported by a module in src/api (found by
 *   scanning the folder: a schema moved there is picked up with no list to update).
 * Schemas describe what a sender may send (zod's input side: defaults make fields optional).
 */

export const SCHEMAS_DIR = join(__dirname, '..', 'json-schemas');
const SRC = join(__dirname, '..', 'src');

export type JsonSchema = Record<string, unknown>;
export type SchemaSet = Record<string, JsonSchema>;

const toJsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const isEventContract = (value: unknown): value is EventContract =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EventContract).subject === 'string' &&
  (value as EventContract).schema instanceof z.ZodType;

const modulesIn = (folder: string) =>
  readdirSync(join(SRC, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort()
    // Every file of the folder, found at run time: an import cannot name them in advance.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    .map((file) => ({ file, exports: require(join(SRC, folder, file)) as Record<string, unknown> }));

/** Every contract's schema, keyed by its file path under json-schemas/ (`events/x.v1.json`, `api/SignInInput.json`). */
export function generateContractSchemas(): SchemaSet {
  const schemas: SchemaSet = {};
  schemas['events/envelope.json'] = toJsonSchema(ZEventEnvelope);
  for (const { exports } of modulesIn('events')) {
    for (const value of Object.values(exports)) {
      if (isEventContract(value)) schemas[`events/${value.subject}.json`] = toJsonSchema(value.schema);
    }
  }
  for (const { file, exports } of modulesIn('api')) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType)) continue;
      const key = `api/${name.replace(/^Z(?=[A-Z])/, '')}.json`;
      if (schemas[key]) throw new Error(`Two API schemas are named ${name} (the second in src/api/${file})`);
      schemas[key] = toJsonSchema(value);
    }
  }
  return schemas;
}

/** The committed schemas, keyed like generateContractSchemas(). */
export function readCommittedSchemas(dir = SCHEMAS_DIR): SchemaSet {
  const schemas: SchemaSet = {};
  for (const folder of ['events', 'api']) {
    if (!existsSync(join(dir, folder))) continue;
    for (const file of readdirSync(join(dir, folder)).filter((f) => f.endsWith('.json'))) {
      schemas[`${folder}/${basename(file)}`] = JSON.parse(readFileSync(join(dir, folder, file), 'utf8'));
    }
  }
  return schemas;
}

/** Words that explain a schema without changing what it accepts. */
const DOCUMENTATION = new Set(['description', 'title', 'examples', '$comment']);

/**
 * What in `next` breaks senders or readers written against `committed`. Compatible:
 * documentation changes, and new optional object properties (old senders do not send
 * them; zod objects in old readers drop them). Everything else (a field removed, a field
 * made required or optional, a type, format, pattern, limit or enum changed) is breaking
 * and must come as a new version: a new `.v2` subject published alongside `.v1`, or a new
 * API schema.
 */
export function breakingChanges(committed: JsonSchema, next: JsonSchema, at = '$'): string[] {
  return compareNode(committed, next, at);
}

function compareNode(before: unknown, after: unknown, at: string): string[] {
  if (Array.isArray(before) || Array.isArray(after)) {
    if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return [`${at} changed`];
    return before.flatMap((item, i) => compareNode(item, after[i], `${at}[${i}]`));
  }
  if (isObject(before) && isObject(after)) {
    const problems: string[] = [];
    if (isObject(before.properties) || isObject(after.properties)) problems.push(...compareProperties(before, after, at));
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      if (DOCUMENTATION.has(key) || key === 'properties' || key === 'required') continue;
      if (!(key in before)) problems.push(`${at}: "${key}" added`);
      else if (!(key in after)) problems.push(`${at}: "${key}" removed`);
      else problems.push(...compareNode(before[key], after[key], `${at}.${key}`));
    }
    return problems;
  }
  return Object.is(before, after) ? [] : [`${at} changed from ${JSON.stringify(before)} to ${JSON.stringify(after)}`];
}

function compareProperties(before: Record<string, unknown>, after: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  const oldProps = (before.properties ?? {}) as Record<string, unknown>;
  const newProps = (after.properties ?? {}) as Record<string, unknown>;
  const oldRequired = new Set((before.required ?? []) as string[]);
  const newRequired = new Set((after.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(oldProps)) {
    if (!(name in newProps)) {
      problems.push(`${at}.${name} removed`);
      continue;
    }
    if (oldRequired.has(name) !== newRequired.has(name)) {
      problems.push(`${at}.${name} became ${newRequired.has(name) ? 'required' : 'optional'}`);
    }
    problems.push(...compareNode(schema, newProps[name], `${at}.${name}`));
  }
  for (const name of Object.keys(newProps)) {
    if (!(name in oldProps) && newRequired.has(name)) problems.push(`${at}.${name} added as a required field`);
  }
  return problems;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ContractReview {
  /** Changes that break a committed contract: each must become a new version instead. */
  breaking: { file: string; problems: string[] }[];
  /** Contracts that differ from the committed files in compatible ways, or are new: regenerate to record them. */
  unrecorded: string[];
}

/** Compares the generated schemas with the committed ones. */
export function reviewContracts(committed: SchemaSet, generated: SchemaSet): ContractReview {
  const review: ContractReview = { breaking: [], unrecorded: [] };
  for (const [file, schema] of Object.entries(committed)) {
    const next = generated[file];
    if (!next) {
      review.breaking.push({
        file,
        problems: [
          file.startsWith('events/') ? 'the subject is no longer published (keep it alongside its next version)' : 'the schema is gone',
        ],
      });
      continue;
    }
    const problems = breakingChanges(schema, next);
    if (problems.length) review.breaking.push({ file, problems });
    else if (JSON.stringify(schema) !== JSON.stringify(next)) review.unrecorded.push(file);
  }
  for (const file of Object.keys(generated)) if (!committed[file]) review.unrecorded.push(file);
  return review;
}
