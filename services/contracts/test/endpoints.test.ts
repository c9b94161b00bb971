import { ENDPOINT_LIST, EXAMPLE_ID, EXAMPLE_SESSION_ID, pathParameters } from '../src';

/**
 * The declarations' own consistency: every endpoint that takes a body or reads a query shows
 * a well-formed example of it (the security sweep starts from these), and every example is
 * accepted by the schemas it illustrates.
 */
const paramValue = (name: string) => (name === 'sessionId' ? EXAMPLE_SESSION_ID : EXAMPLE_ID);

test('ids are unique and every path parameter has a schema', () => {
  const ids = ENDPOINT_LIST.map((endpoint) => endpoint.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const endpoint of ENDPOINT_LIST) {
    expect(Object.keys(endpoint.fields.params?.shape ?? {})).toEqual(pathParameters(endpoint.path));
  }
});

test.each(ENDPOINT_LIST.filter((endpoint) => endpoint.fields.body).map((endpoint) => [endpoint.id, endpoint] as const))(
  '%s shows an example body its schema accepts',
  (_id, endpoint) => {
    expect(endpoint.fields.example?.body).toBeDefined();
    const parsed = endpoint.fields.body!.safeParse(endpoint.fields.example!.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  },
);

test.each(ENDPOINT_LIST.map((endpoint) => [endpoint.id, endpoint] as const))(
  '%s: its example params and query fit its schemas',
  (_id, endpoint) => {
    const { params, query, example } = endpoint.fields;
    if (params) {
      const values = Object.fromEntries(pathParameters(endpoint.path).map((name) => [name, example?.params?.[name] ?? paramValue(name)]));
      expect(params.safeParse(values).error?.issues ?? []).toEqual([]);
    }
    if (query) expect(query.safeParse(example?.query ?? {}).error?.issues ?? []).toEqual([]);
    if (!query) expect(example?.query).toBeUndefined();
  },
);
