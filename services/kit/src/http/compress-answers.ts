import type { RequestHandler } from 'express';
import { acceptedEncoding, compressBrotli, compressGzip } from './read-cache';

/** Smaller bodies go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(application\/json|text\/html)/i;

/**
 * JSON and HTML answers (`res.json`, `res.send` of a page) compressed with brotli or gzip
 * when the client takes it, once they are 1 KB or more. Audio, files and ranges go as they
 * are (they are streamed, not sent through `res.send`, or are compressed already).
 */
export const compressAnswers: RequestHandler = (req, res, next) => {
  const encoding = acceptedEncoding(req);
  if (!encoding || req.headers.range) return next();
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const type = String(res.getHeader('content-type') ?? (typeof body === 'string' ? 'text/html' : ''));
    const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : null;
    if (!bytes || bytes.length < COMPRESS_FROM_BYTES || res.getHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(type)) {
      return send(body as never);
    }
    res.setHeader('content-type', typeof body === 'string' && !res.getHeader('content-type') ? 'text/html; charset=utf-8' : type);
    res.setHeader('content-encoding', encoding);
    res.append('vary', 'Accept-Encoding');
    return send(encoding === 'br' ? compressBrotli(bytes) : compressGzip(bytes));
  };
  next();
};
