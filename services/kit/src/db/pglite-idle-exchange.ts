import type { parse, PGlite } from '@electric-sql/pglite';

/** What `parse.parseResults` is given: PGlite's backend messages, of which it reads only the fields below. */
type BackendMessages = Parameters<typeof parse.parseResults>[0];

/** The answers `parse.parseResults` reads, in the shape PGlite's own protocol parser gives them. */
type Answer =
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: 'parseComplete' | 'bindComplete' | 'closeComplete' | 'noData' | 'portalSuspended' | 'readyForQuery' };

/** How many callers hold or wait for each instance's locks (its query lock and its transaction lock, together). */
const lockUsers = new WeakMap<PGlite, { count: number }>();

/**
 * Counts, from now on, every caller that holds or waits for `pglite`'s locks: every query,
 * exec and transaction takes them through these two methods. Called right after the instance
 * is created, before anything can hold them, so a count of zero means nobody does. (PGlite's
 * `dumpDataDir` and `clone` take its query lock directly and are not counted: the services never
 * call them while serving.)
 */
export function trackLockUsers(pglite: PGlite): void {
  if (lockUsers.has(pglite)) return;
  const users = { count: 0 };
  lockUsers.set(pglite, users);
  for (const method of ['_runExclusiveQuery', '_runExclusiveTransaction'] as const) {
    const original = pglite[method].bind(pglite);
    pglite[method] = <T>(fn: () => Promise<T>): Promise<T> => {
      users.count++;
      const released = () => void users.count--;
      const running = original(fn);
      running.then(released, released);
      return running;
    };
  }
}

/**
 * Runs one complete protocol exchange (ending in Sync) on `pglite` at once, when nobody holds
 * or waits for its locks, and returns its answers for `parse.parseResults`; null when it cannot
 * (the instance is not tracked, not ready or in use, or it answered anything but a read's
 * plain answers, such as an error or a notice), for the caller to take the locks and run it
 * again the usual way, which reports what it must. Only for reads, which can run twice to no
 * effect: nothing is written to PGlite's files afterwards.
 *
 * No lock is needed then: PGlite runs an exchange synchronously, so from the check to the last
 * answer nothing else in the process runs, and no other caller's transaction is open (it would
 * hold the transaction lock). The answers are read from the raw stream here, which leaves the
 * instance's own result buffer (which its locked callers read) alone, and costs a fraction of
 * PGlite's general parser, which copies every field into a new buffer to decode it.
 */
export function exchangeNow(pglite: PGlite, message: Uint8Array): BackendMessages | null {
  const users = lockUsers.get(pglite);
  if (!users || users.count !== 0 || !pglite.ready) return null;
  // With syncToFs false the whole exchange runs before this call returns; a failure only rejects
  // its promise, and leaves an answer without its final ReadyForQuery.
  received.length = 0;
  pglite.execProtocolRawStream(message, RAW_STREAM).catch(ignore);
  const bytes = received.length === 1 ? received[0] : Buffer.concat(received);
  received.length = 0;
  // The answers carry every field parseResults reads (name, fields, text); not the rest of a parsed message.
  return readAnswers(bytes) as unknown as BackendMessages | null;
}

/**
 * The chunks of the exchange running now (copied: PGlite hands a view of its memory). One
 * list serves every exchange, as one runs at a time, and the functions are made once: made
 * inside `exchangeNow`, each call would pay for naming them anew.
 */
const received: Buffer[] = [];
const RAW_STREAM = { syncToFs: false, onRawData: (data: Uint8Array) => void received.push(Buffer.from(data)) };
const ignore = () => undefined;

/** No body to read: the message's name. */
const BARE_ANSWERS: Record<number, Answer['name']> = {
  0x31: 'parseComplete', // '1'
  0x32: 'bindComplete', // '2'
  0x33: 'closeComplete', // '3'
  0x6e: 'noData', // 'n'
  0x73: 'portalSuspended', // 's'
  0x5a: 'readyForQuery', // 'Z' (its transaction status is not needed)
};

/** A read's answers from the backend's bytes, or null for anything else or an answer cut short. */
function readAnswers(bytes: Buffer): Answer[] | null {
  const answers: Answer[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (end > bytes.length) return null;
    let p = at + 5;
    if (type === 0x44) {
      // 'D' DataRow: per column, its length (-1: null) and its text.
      const fields: (string | null)[] = new Array(bytes.readInt16BE(p));
      p += 2;
      for (let i = 0; i < fields.length; i++) {
        const length = bytes.readInt32BE(p);
        p += 4;
        fields[i] = length < 0 ? null : bytes.toString('utf8', p, (p += length));
      }
      answers.push({ name: 'dataRow', fields });
    } else if (type === 0x54) {
      // 'T' RowDescription: per column, its name, table, column number, type, size, modifier, format.
      const fields: { name: string; dataTypeID: number }[] = new Array(bytes.readInt16BE(p));
      p += 2;
      for (let i = 0; i < fields.length; i++) {
        const zero = bytes.indexOf(0, p);
        fields[i] = { name: bytes.toString('utf8', p, zero), dataTypeID: bytes.readInt32BE(zero + 1 + 6) };
        p = zero + 1 + 18;
      }
      answers.push({ name: 'rowDescription', fields });
    } else if (type === 0x43) {
      answers.push({ name: 'commandComplete', text: bytes.toString('utf8', p, bytes.indexOf(0, p)) }); // 'C'
    } else if (BARE_ANSWERS[type]) {
      answers.push({ name: BARE_ANSWERS[type] } as Answer);
    } else {
      return null; // an error, a notice, a notification, …: the general parser's to read
    }
    at = end;
  }
  return at === bytes.length && answers.at(-1)?.name === 'readyForQuery' ? answers : null;
}
