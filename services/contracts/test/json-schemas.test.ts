import { breakingChanges, generateContractSchemas, readCommittedSchemas, reviewContracts, type JsonSchema } from '../tools/json-schemas';

const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('the committed contract schemas', () => {
  test('match the zod contracts: nothing breaks a committed contract and every change is recorded', () => {
    const review = reviewContracts(readCommittedSchemas(), generateContractSchemas());
    const report = [
      ...review.breaking.map(
        ({ file, problems }) => `${file} breaks its contract (publish a new version instead):\n  ${problems.join('\n  ')}`,
      ),
      ...review.unrecorded.map((file) => `${file} is not recorded: run npm run contracts:schemas`),
    ];
    expect(report).toEqual([]);
  });

  test('cover every event subject and the API input schemas', () => {
    const files = Object.keys(generateContractSchemas());
    expect(files).toEqual(expect.arrayContaining(['events/envelope.json', 'events/billing.invoice.paid.v1.json', 'api/SignUpInput.json']));
    expect(files.filter((f) => f.startsWith('events/')).length).toBeGreaterThanOrEqual(11);
  });
});

describe('a contract change', () => {
  const v1 = object({ invoiceId: text, amountCents: { type: 'integer' } }, ['invoiceId', 'amountCents']);

  test('adding an optional field is compatible', () => {
    expect(
      breakingChanges(v1, object({ invoiceId: text, amountCents: { type: 'integer' }, note: text }, ['invoiceId', 'amountCents'])),
    ).toEqual([]);
  });

  test('rewording a description is compatible', () => {
    expect(breakingChanges({ ...v1, description: 'old' }, { ...v1, description: 'new' })).toEqual([]);
  });

  test('adding a required field breaks it', () => {
    expect(
      breakingChanges(v1, object({ invoiceId: text, amountCents: { type: 'integer' }, note: text }, ['invoiceId', 'amountCents', 'note'])),
    ).toEqual(['$.note added as a required field']);
  });

  test('removing a field, or making it optional, breaks it', () => {
    expect(breakingChanges(v1, object({ invoiceId: text }, ['invoiceId']))).toEqual(['$.amountCents removed']);
    expect(breakingChanges(v1, object({ invoiceId: text, amountCents: { type: 'integer' } }, ['invoiceId']))).toEqual([
      '$.amountCents became optional',
    ]);
  });

  test('changing a type, a limit or an enum breaks it', () => {
    expect(breakingChanges(v1, object({ invoiceId: text, amountCents: { type: 'number' } }, ['invoiceId', 'amountCents']))).toEqual([
      '$.amountCents.type changed from "integer" to "number"',
    ]);
    expect(breakingChanges({ type: 'string', maxLength: 80 }, { type: 'string', maxLength: 40 })).toEqual([
      '$.maxLength changed from 80 to 40',
    ]);
    expect(breakingChanges({ enum: ['monthly', 'yearly'] }, { enum: ['monthly', 'yearly', 'weekly'] })).toEqual(['$.enum changed']);
  });

  test('a new .v2 subject published alongside .v1 passes; dropping .v1 fails', () => {
    const committed = { 'events/billing.invoice.paid.v1.json': v1 };
    const v2 = object({ invoiceId: text, amount: { type: 'integer' } }, ['invoiceId', 'amount']);
    expect(reviewContracts(committed, { ...committed, 'events/billing.invoice.paid.v2.json': v2 })).toEqual({
      breaking: [],
      unrecorded: ['events/billing.invoice.paid.v2.json'],
    });
    expect(reviewContracts(committed, { 'events/billing.invoice.paid.v2.json': v2 }).breaking).toEqual([
      {
        file: 'events/billing.invoice.paid.v1.json',
        problems: ['the subject is no longer published (keep it alongside its next version)'],
      },
    ]);
  });

  test('changing a committed event schema in place is reported as breaking, not as unrecorded', () => {
    const changed = object({ invoiceId: text }, ['invoiceId']);
    const review = reviewContracts({ 'events/x.v1.json': v1 }, { 'events/x.v1.json': changed });
    expect(review.breaking).toHaveLength(1);
    expect(review.unrecorded).toEqual([]);
  });
});
