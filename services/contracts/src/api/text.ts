import { z } from 'zod';

/**
 * Text from outside: one rule for every field that takes text, checked by the API's
 * schemas and by the forms that share them.
 *
 * No text may hold a C0 control character other than tab, line feed and carriage return,
 * or DEL. NUL in particular: PostgreSQL cannot store it, so letting it through turns a
 * typo or a probe into a failed statement. One-line values (names, titles, codes, emails)
 * also refuse line breaks, tabs and the bidirectional overrides that can make a name read
 * differently from what it is.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const NOT_ON_ONE_LINE = /[\t\n\r\u0085\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Please remove the special characters (such as control characters) from this text';

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROL_CHARACTERS.test(value) || (!options.multiline && NOT_ON_ONE_LINE.test(value));
}

export interface TextFieldOptions {
  /** Longest accepted value, after trimming. */
  max: number;
  /** Message when the value is longer than `max`. */
  tooLong?: string;
  /** Set for required fields: the message when the value is missing or blank. */
  required?: string;
  /** Paragraphs (affirmation content, bios): line breaks and tabs are welcome. */
  multiline?: boolean;
  /** Passwords are taken exactly as typed. */
  trim?: boolean;
}

/**
 * A text field: trimmed, length-checked and free of control characters. Chain further
 * checks on it (`.toLowerCase().email(...)`) as on any zod string.
 */
export function textField(options: TextFieldOptions) {
  let schema = options.required ? z.string({ error: options.required }) : z.string();
  if (options.trim !== false) schema = schema.trim();
  if (options.required) schema = schema.min(1, options.required);
  return schema
    .max(options.max, options.tooLong ?? `Please keep this to ${options.max} characters or less`)
    .refine((value) => !hasControlCharacters(value, { multiline: options.multiline }), CONTROL_CHARACTERS_MESSAGE);
}

/** The canonical form PostgreSQL's uuid type prints; any other id names nothing here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
