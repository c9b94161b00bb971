// Reads an OpenAPI document on stdin and writes @seriousme/openapi-schema-validator's verdict
// ({ valid, errors }) on stdout. A program of its own: the validator is an ES module, which the
// tests' CommonJS transform cannot import.
import { Validator } from '@seriousme/openapi-schema-validator';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const result = await new Validator().validate(JSON.parse(text));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));
