import { z } from 'zod';
import { answers, type EndpointFields } from './define-endpoint';

/**
 * The signed file addresses of a service's local object store (`/api/files/<service>/<key>`,
 * the embedded form; S3 presigns its own). The signature names one operation on one key and
 * expires; GET answers Range requests.
 */
const signedQuery = z.object({
  op: z.string().optional().describe("'get' or 'put': the operation the signature allows"),
  exp: z.string().optional().describe('When the address expires (seconds since 1970)'),
  sig: z.string().optional().describe('The signature'),
});
const keyParams = z.object({ key: z.string().describe('The key of the file in the store (may hold slashes)') });
const SIGNED = { op: 'get', exp: '9999999999', sig: 'not-a-signature' };

// `satisfies`, not a return type: callers of `/api/files/<service>/*key` by id keep its `key`
// parameter and the query's fields in their types.
export const signedFileRead = (what: string) =>
  ({
    summary: `Reads ${what} through a signed address`,
    access: 'signed-url',
    params: keyParams,
    query: signedQuery,
    answers: {
      200: answers.bytes('application/octet-stream', 'The file (its own content type)'),
      206: answers.bytes('application/octet-stream', 'The requested range'),
      403: answers.error('The signature does not match, or it expired'),
    },
    example: { params: { key: 'samples/x.webm' }, query: SIGNED },
  }) satisfies EndpointFields;

export const signedFileWrite = (what: string, maxBodyBytes: number) =>
  ({
    summary: `Uploads ${what} through a signed address, once`,
    access: 'signed-url',
    params: keyParams,
    query: signedQuery,
    answers: {
      200: answers.empty('Stored'),
      403: answers.error('The signature does not match, it expired, or it was used'),
      413: answers.error('Larger than the address allows'),
    },
    bodyKind: 'file',
    maxBodyBytes,
    example: { params: { key: 'samples/x.webm' }, query: { ...SIGNED, op: 'put' } },
  }) satisfies EndpointFields;
