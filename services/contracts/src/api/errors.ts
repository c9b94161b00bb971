/** The JSON body of every error answer: `error` is for people, `code` is stable for programs. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: unknown;
}
