import { sendRefusal } from './form-posts';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { StoredObject } from '../storage/object-store';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The one byte range a request asks for, read by Express (`req.range`, range-parser):
 * null when there is no Range header, it is malformed, not in bytes, or asks for several
 * ranges (the whole file is served then); 'unsatisfiable' when no asked byte exists.
 */
export function requestedRange(req: Request, size: number): ByteRange | 'unsatisfiable' | null {
  const ranges = req.range(size, { combine: true });
  if (ranges === undefined || ranges === -2) return null;
  if (ranges === -1) return 'unsatisfiable';
  if (ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}

/**
 * Answers with a stored file, honouring Range so a player can seek in an hour of audio:
 * 206 with the asked bytes, 416 when none of them exists, else 200 with all of it. The
 * caller sets the content type and caching; `open` reads the object (or the range of it).
 */
export async function sendStoredObject(
  req: Request,
  res: Response,
  file: { size: number; open: (range?: ByteRange) => Promise<StoredObject> },
): Promise<void> {
  const { size } = file;
  res.setHeader('accept-ranges', 'bytes');
  const range = requestedRange(req, size);
  if (range === 'unsatisfiable') {
    // An answer like every other refusal, not the file's type with an empty body.
    res.setHeader('content-range', `bytes */${size}`);
    sendRefusal(res, 416, { error: 'The requested range is outside the file', code: 'RANGE_NOT_SATISFIABLE' });
    return;
  }
  const object = await file.open(range ?? undefined);
  if (range) {
    res.status(206).setHeader('content-range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('content-length', String(range.end - range.start + 1));
  } else {
    res.setHeader('content-length', String(size));
  }
  if (req.method === 'HEAD') {
    object.body.destroy();
    res.end();
    return;
  }
  await pipeline(object.body, res);
}
