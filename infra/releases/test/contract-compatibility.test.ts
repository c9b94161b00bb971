import { openApiDocument, PUBLIC_ENDPOINTS } from '@innerecho/contracts';
import { apiBreakingChanges, eventBreakingChanges, reviewDeclarations, type OpenApiPaths } from '../src/contract-compatibility';

/** The API as this code declares it, and a copy to change the way a careless change would. */
const current = () => JSON.parse(JSON.stringify(openApiDocument(PUBLIC_ENDPOINTS))) as OpenApiPaths & { paths: Record<string, any> };
const jsonBody = (doc: any, path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
const jsonAnswer = (doc: any, path: string, method: string, status: string) =>
  doc.paths[path][method].responses[status].content['application/json'].schema;

describe('the API compared with the last release', () => {
  test('the same document breaks nothing; additions (a new endpoint, an optional input, a new answer field) break nothing', () => {
    const before = current();
    const after = current();
    after.paths['/api/new-thing'] = { get: { responses: { 200: { description: 'new' } } } };
    jsonBody(after, '/api/signup', 'post').properties.nickname = { type: 'string' };
    const user = jsonAnswer(after, '/api/auth/user', 'get', '200');
    user.properties.plan = { type: 'string' };
    user.required.push('plan');
    expect(apiBreakingChanges(before, before)).toEqual([]);
    expect(apiBreakingChanges(before, after)).toEqual([]);
  });

  test('a removed path, a removed or newly required field, a narrowed input and a widened or weakened answer break it', () => {
    const before = current();
    const after = current();
    delete after.paths['/api/transcripts'].get;
    const signUp = jsonBody(after, '/api/signup', 'post');
    signUp.required.push('name');
    signUp.properties.password.maxLength = 100;
    delete signUp.properties.returnTo;
    const user = jsonAnswer(after, '/api/auth/user', 'get', '200');
    user.properties.role.enum.push('creator');
    user.required = user.required.filter((name: string) => name !== 'email');
    expect(apiBreakingChanges(before, after).sort()).toEqual(
      [
        'GET /api/transcripts: removed',
        'POST /api/signup request body $.name: became required',
        'POST /api/signup request body $.password: maxLength tightened to 100',
        'POST /api/signup request body $.returnTo: removed',
        'GET /api/auth/user answer 200 $.role: may now be "creator"',
        'GET /api/auth/user answer 200 $.email: became optional',
      ].sort(),
    );
  });

  test('a new required field in a request and a type narrowed from a nullable one break it', () => {
    const before = current();
    const after = current();
    const transcript = jsonBody(after, '/api/transcripts', 'post');
    transcript.properties.mood = { type: 'string' };
    transcript.required.push('mood');
    const creatorId = transcript.properties.creatorId;
    expect(creatorId.anyOf ?? creatorId.oneOf).toBeDefined(); // a nullable id, as zod writes it
    transcript.properties.creatorId = (creatorId.anyOf ?? creatorId.oneOf).find((v: { type?: string }) => v.type === 'string');
    expect(apiBreakingChanges(before, after)).toEqual([
      'POST /api/transcripts request body $.creatorId: no alternative like null is left',
      'POST /api/transcripts request body $.mood: added as a required input',
    ]);
  });
});

describe('the events compared with the last release', () => {
  const registered = {
    type: 'object',
    properties: { userId: { type: 'string' }, email: { type: 'string' }, plan: { type: 'string', enum: ['monthly', 'yearly'] } },
    required: ['userId', 'email'],
  };
  const events = { 'events/identity.user.registered.v1.json': registered };

  test('an optional field added breaks no producer or consumer', () => {
    const after = {
      'events/identity.user.registered.v1.json': { ...registered, properties: { ...registered.properties, name: { type: 'string' } } },
    };
    expect(eventBreakingChanges(events, after)).toEqual([]);
  });

  test('an event no longer published, a field removed or made optional, or an enum changed either way breaks it', () => {
    expect(eventBreakingChanges(events, {})).toEqual(['event identity.user.registered.v1: no longer published']);
    const changed = {
      type: 'object',
      properties: { userId: { type: 'string' }, plan: { type: 'string', enum: ['monthly', 'yearly', 'weekly'] } },
      required: [],
    };
    expect(eventBreakingChanges(events, { 'events/identity.user.registered.v1.json': changed }).sort()).toEqual([
      'event identity.user.registered.v1 $.email: removed',
      'event identity.user.registered.v1 $.plan: may now be "weekly"',
      'event identity.user.registered.v1 $.userId: became optional',
    ]);
  });
});

test('a breaking change passes only when declared exactly, with the part and its migration path', () => {
  const findings = ['GET /api/transcripts: removed', 'event x.v1: no longer published'];
  const declared = [
    { part: 'library', change: 'GET /api/transcripts: removed', migration: 'Read GET /api/library instead (since 2.0.0).' },
    { part: 'library', change: 'GET /api/old: removed', migration: 'Nothing calls it.' },
    { part: '', change: 'event x.v1: no longer published', migration: '' },
  ];
  expect(reviewDeclarations(findings, declared)).toEqual({
    undeclared: [],
    unused: [declared[1]],
    incomplete: [declared[2]],
  });
  expect(reviewDeclarations(findings, []).undeclared).toEqual(findings);
});
