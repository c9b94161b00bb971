import type { DeclaredBreakingChange } from '@innerecho/kit';
import { schemaBreakingChanges } from './schema-compatibility';

type Schema = Record<string, unknown>;

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** The part of an OpenAPI document the comparison reads: operations by path and method. */
export interface OpenApiPaths {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * What in the new OpenAPI document breaks callers of the old one, one line per finding:
 * a removed path or method, a removed or newly required parameter or body field, a body type no
 * longer taken, a narrowed input, a success answer no longer given, and in success answers a
 * removed field or one made optional, or a widened type or new enum value.
 */
export function apiBreakingChanges(before: OpenApiPaths, after: OpenApiPaths): string[] {
  const findings: string[] = [];
  for (const [path, methods] of Object.entries(before.paths)) {
    for (const [method, old] of Object.entries(methods)) {
      const operation = `${method.toUpperCase()} ${path}`;
      const now = after.paths[path]?.[method];
      if (!now) findings.push(`${operation}: removed`);
      else findings.push(...operationBreakingChanges(old, now).map((finding) => `${operation} ${finding}`));
    }
  }
  return findings;
}

function operationBreakingChanges(old: Operation, now: Operation): string[] {
  const findings: string[] = [];
  const key = (p: { name: string; in: string }) => `${p.in} parameter ${p.name}`;
  const newParameters = new Map((now.parameters ?? []).map((p) => [key(p), p]));
  for (const parameter of old.parameters ?? []) {
    const next = newParameters.get(key(parameter));
    if (!next) findings.push(`${key(parameter)}: removed`);
    else {
      if (next.required && !parameter.required) findings.push(`${key(parameter)}: became required`);
      findings.push(...schemaBreakingChanges(parameter.schema, next.schema, 'input').map((f) => `${key(parameter)} ${f}`));
    }
  }
  const oldKeys = new Set((old.parameters ?? []).map(key));
  for (const parameter of now.parameters ?? []) {
    if (parameter.required && !oldKeys.has(key(parameter))) findings.push(`${key(parameter)}: added as a required input`);
  }
  if (now.requestBody?.required && !old.requestBody) findings.push('request body: now required');
  for (const [type, media] of Object.entries(old.requestBody?.content ?? {})) {
    const next = now.requestBody?.content?.[type];
    if (!next) findings.push(`request body ${type}: no longer accepted`);
    else findings.push(...schemaBreakingChanges(media.schema, next.schema, 'input').map((f) => `request body ${f}`));
  }
  for (const [status, answer] of Object.entries(old.responses ?? {})) {
    if (!/^2/.test(status)) continue; // refusals may change; what callers build on is the success answer
    const next = now.responses?.[status];
    if (!next) {
      findings.push(`answer ${status}: no longer given`);
      continue;
    }
    for (const [type, media] of Object.entries(answer.content ?? {})) {
      const nextMedia = next.content?.[type];
      if (!nextMedia) findings.push(`answer ${status} ${type}: no longer given`);
      else findings.push(...schemaBreakingChanges(media.schema, nextMedia.schema, 'output').map((f) => `answer ${status} ${f}`));
    }
  }
  return findings;
}

/**
 * What in the new event schemas (json-schemas/events, by file name) breaks producers or
 * consumers of the old ones: a subject no longer published, or any change a consumer or
 * producer of the other version would trip on.
 */
export function eventBreakingChanges(before: Record<string, Schema>, after: Record<string, Schema>): string[] {
  const findings: string[] = [];
  for (const [file, schema] of Object.entries(before)) {
    const subject = `event ${file.replace(/^events\//, '').replace(/\.json$/, '')}`;
    if (!after[file]) findings.push(`${subject}: no longer published`);
    else findings.push(...schemaBreakingChanges(schema, after[file], 'both').map((f) => `${subject} ${f}`));
  }
  return findings;
}

/** The findings no declaration names (exactly as printed), and the declarations that match no finding. */
export function reviewDeclarations(findings: string[], declared: DeclaredBreakingChange[]) {
  const names = new Set(declared.map((d) => d.change));
  return {
    undeclared: findings.filter((finding) => !names.has(finding)),
    unused: declared.filter((d) => !findings.includes(d.change)),
    incomplete: declared.filter((d) => !d.migration?.trim() || !d.part?.trim()),
  };
}
