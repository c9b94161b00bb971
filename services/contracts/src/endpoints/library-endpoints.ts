import { z } from 'zod';
import {
  ZAddMusicInput,
  ZCustomAffirmationInput,
  ZMultipartComplete,
  ZMultipartStart,
  ZTranscriptInput,
  ZAffirmationTextView,
  ZCreatorProfileView,
  ZCreatorPublicAnalytics,
  ZFeaturedCreatorView,
  ZCustomAffirmationView,
  ZMultipartCompleteAnswer,
  ZMultipartStartAnswer,
  ZMusicTrackDetails,
  ZMusicTrackView,
  ZMusicUploadUrlAnswer,
  ZSignedPartAnswer,
  ZTranscriptView,
  ZUploadParamsAnswer,
  MUSIC_MAX_SECONDS,
} from '../api/library-api';
import { textField } from '../api/text';
import { ZCollectionDetailView, ZCollectionView } from '../api/collections-api';
import { answers, declareEndpoints, EXAMPLE_SESSION_ID } from './define-endpoint';
import { signedFileRead, signedFileWrite } from './files-endpoints';

const MB = 1024 * 1024;
const id = (what: string) => z.object({ id: z.string().describe(`${what} (a UUID)`) });
const uploadKey = z.object({ key: z.string().optional().describe('The key the upload was started at') });
const uploadParams = z.object({ uploadId: z.string().describe('The multipart upload') });
const UPLOAD_KEY = { key: 'music-uploads/x.mp3' };
/** How many top affirmations a creator's figures list: 1 to 50 (clamped, not refused), 6 when not given or not a number. */
const topLimit = (what: string) =>
  z.object({
    limit: z
      .string()
      .optional()
      .describe(`How many top affirmations${what} (1 to 50, clamped; 6 by default)`)
      .transform((limit) => Math.min(50, Math.max(1, Number(limit) || 6))),
  });

/** Library: transcripts, creators' public pages, custom affirmations, background music and its uploads. */
export const LIBRARY_ENDPOINTS = declareEndpoints('library', {
  'GET /api/transcripts': {
    summary: 'The library, optionally of one category',
    access: 'public',
    query: z.object({ category: z.string().optional().describe("A category, or 'All'") }),
    answers: { 200: answers.json(z.array(ZTranscriptView)) },
    example: { query: { category: 'All' } },
  },
  'GET /api/transcripts/:id': {
    summary: 'One transcript',
    access: 'public',
    params: id('The transcript'),
    answers: { 200: answers.json(ZTranscriptView), 404: answers.error('No such transcript') },
  },
  'POST /api/transcripts': {
    summary: 'Adds a transcript to the library',
    access: 'admin',
    body: ZTranscriptInput,
    answers: { 201: answers.json(ZTranscriptView) },
    example: { body: { title: 'Calm morning', content: 'I am calm and clear.', category: 'Calm & Relaxation', creatorId: null } },
  },
  'PUT /api/transcripts/:id': {
    summary: 'Changes a transcript',
    access: 'admin',
    params: id('The transcript'),
    body: ZTranscriptInput,
    answers: { 200: answers.json(ZTranscriptView), 404: answers.error('No such transcript') },
    example: { body: { title: 'Calm morning', content: 'I am calm and clear.', category: 'Calm & Relaxation', creatorId: null } },
  },
  'DELETE /api/transcripts/:id': {
    summary: 'Removes a transcript',
    access: 'admin',
    params: id('The transcript'),
    answers: { 204: answers.empty(), 404: answers.error('No such transcript') },
  },
  'GET /api/creators': {
    summary: "Creators' public profiles",
    access: 'public',
    answers: { 200: answers.json(z.array(ZCreatorProfileView)) },
  },
  'GET /api/creators/:id': {
    summary: "A creator's public profile",
    access: 'public',
    params: id('The creator'),
    answers: { 200: answers.json(ZCreatorProfileView), 404: answers.error('No such creator') },
  },
  'GET /api/creators/:id/analytics': {
    summary: "A creator's public figures: plays and their most played affirmations",
    access: 'public',
    params: id('The creator'),
    query: topLimit(''),
    answers: { 200: answers.json(ZCreatorPublicAnalytics) },
    tolerated: ['limit'],
    example: { query: { limit: '6' } },
  },
  'GET /api/featured-creators': {
    summary: "Every creator with their public figures, in the creators' order (the library's Featured Creators in one call)",
    access: 'public',
    query: topLimit(' per creator'),
    answers: { 200: answers.json(z.array(ZFeaturedCreatorView)) },
    tolerated: ['limit'],
    example: { query: { limit: '3' } },
  },
  'GET /api/creators/:id/transcripts': {
    summary: "A creator's transcripts",
    access: 'public',
    params: id('The creator'),
    answers: { 200: answers.json(z.array(ZTranscriptView)) },
  },
  'GET /api/creators/:id/collections': {
    summary: "A creator's published collections, with their plays and sessions",
    access: 'public',
    params: id('The creator'),
    answers: { 200: answers.json(z.array(ZCollectionView)), 404: answers.error('No such creator') },
  },
  'GET /api/collections': {
    summary: 'Every published collection, most sessions first',
    access: 'public',
    answers: { 200: answers.json(z.array(ZCollectionView)) },
  },
  'GET /api/collections/:id': {
    summary: 'A published collection with its affirmations, in order',
    access: 'public',
    params: id('The collection'),
    answers: { 200: answers.json(ZCollectionDetailView), 404: answers.error('No such published collection') },
  },
  'GET /api/custom-affirmations': {
    summary: "The caller's custom affirmations, newest first",
    access: 'listener',
    answers: { 200: answers.json(z.array(ZCustomAffirmationView)) },
  },
  'POST /api/custom-affirmations': {
    summary: 'Writes a custom affirmation',
    access: 'listener',
    body: ZCustomAffirmationInput.extend({ sessionId: z.string().describe("The browser's sessionId, owned by the caller") }),
    answers: { 201: answers.json(ZCustomAffirmationView) },
    example: { body: { sessionId: EXAMPLE_SESSION_ID, title: 'Calm morning', content: 'I am calm and clear.', category: 'Other' } },
  },
  'GET /api/custom-affirmations/:id': {
    summary: "One of the caller's custom affirmations",
    access: 'listener',
    params: id('The custom affirmation'),
    answers: { 200: answers.json(ZCustomAffirmationView), 404: answers.error('No such affirmation of the caller') },
  },
  'PUT /api/custom-affirmations/:id': {
    summary: "Changes one of the caller's custom affirmations",
    access: 'listener',
    params: id('The custom affirmation'),
    body: ZCustomAffirmationInput,
    answers: { 200: answers.json(ZCustomAffirmationView), 404: answers.error('No such affirmation of the caller') },
    example: { body: { title: 'Calm morning', content: 'I am calm and clear.', category: 'Other' } },
  },
  'DELETE /api/custom-affirmations/:id': {
    summary: "Deletes one of the caller's custom affirmations (and their own reading of it)",
    access: 'listener',
    params: id('The custom affirmation'),
    answers: { 204: answers.empty(), 404: answers.error('No such affirmation of the caller') },
  },
  'GET /api/background-music': {
    summary: 'The background music tracks',
    access: 'listener',
    answers: { 200: answers.json(z.array(ZMusicTrackView)) },
  },
  'POST /api/background-music': {
    summary: 'Adds a track from a finished upload (measured and checked to be audio)',
    access: 'admin',
    body: ZAddMusicInput,
    answers: { 201: answers.json(ZMusicTrackView) },
    tolerated: ['duration'],
    example: { body: { title: 'Rain', uploadURL: '/api/files/library/music-uploads/x.mp3', duration: 300 } },
  },
  'GET /api/background-music/:id/audio': {
    summary: "A track's audio, for the admin's preview",
    access: 'admin',
    params: id('The track'),
    answers: { 302: answers.redirect("To a short-lived signed address of the track's file") },
  },
  'DELETE /api/background-music/:id': {
    summary: 'Removes a track',
    access: 'admin',
    params: id('The track'),
    answers: { 204: answers.empty(), 404: answers.error('No such track') },
  },
  'POST /api/background-music/upload': {
    summary: 'A signed address to PUT one music file to',
    access: 'admin',
    body: z.object({
      filename: textField({ max: 300, tooLong: 'The file name is too long' }).optional(),
      contentType: z.unknown().optional().describe('The audio type (audio/mpeg by default); checked by the route'),
    }),
    answers: { 200: answers.json(ZMusicUploadUrlAnswer) },
    example: { body: { filename: 'rain.mp3', contentType: 'audio/mpeg' } },
  },
  'GET /api/uploads/s3/params': {
    summary: 'A single signed PUT (the Uppy AWS S3 plugin)',
    access: 'admin',
    query: z.object({ filename: z.string().optional(), type: z.string().optional() }),
    answers: { 200: answers.json(ZUploadParamsAnswer) },
    example: { query: { filename: 'rain.mp3', type: 'audio/mpeg' } },
  },
  'GET /api/uploads/s3/sts': {
    summary: 'Temporary storage credentials: never offered (404)',
    access: 'admin',
    answers: { 404: answers.error('Not offered; uploads use signed addresses') },
  },
  'POST /api/uploads/s3/multipart': {
    summary: 'Starts a multipart upload',
    access: 'admin',
    body: ZMultipartStart,
    answers: { 200: answers.json(ZMultipartStartAnswer) },
    tolerated: ['metadata'],
    example: { body: { filename: 'rain.mp3', type: 'audio/mpeg', metadata: {} } },
  },
  'GET /api/uploads/s3/multipart/:uploadId': {
    summary: 'The parts of a multipart upload so far',
    access: 'admin',
    params: uploadParams,
    query: uploadKey,
    answers: {
      200: answers.json(
        z.array(z.object({ PartNumber: z.number().int(), Size: z.number().int(), ETag: z.string() })),
        'The parts uploaded so far',
      ),
    },
    example: { query: UPLOAD_KEY },
  },
  'GET /api/uploads/s3/multipart/:uploadId/:partNumber': {
    summary: 'A signed PUT for one part',
    access: 'admin',
    params: uploadParams.extend({ partNumber: z.string().describe('1 to 10000') }),
    query: uploadKey,
    answers: { 200: answers.json(ZSignedPartAnswer) },
    example: { query: UPLOAD_KEY },
  },
  'POST /api/uploads/s3/multipart/:uploadId/complete': {
    summary: 'Completes a multipart upload',
    access: 'admin',
    params: uploadParams,
    query: uploadKey,
    body: ZMultipartComplete,
    answers: { 200: answers.json(ZMultipartCompleteAnswer), 413: answers.error('Over 50 MB') },
    example: { query: UPLOAD_KEY, body: { parts: [{ PartNumber: 1, ETag: '"etag"' }] } },
  },
  'DELETE /api/uploads/s3/multipart/:uploadId': {
    summary: 'Abandons a multipart upload',
    access: 'admin',
    params: uploadParams,
    query: uploadKey,
    answers: { 200: answers.json(z.object({})) },
    example: { query: UPLOAD_KEY },
  },
  'GET /api/files/library/*key': signedFileRead('a music file'),
  'PUT /api/files/library/*key': signedFileWrite('a music file', 60 * MB),

  'GET /internal/affirmation-text/transcript/:id': {
    summary: 'The text of a transcript, to speak',
    access: 'service',
    params: id('The transcript'),
    answers: { 200: answers.json(ZAffirmationTextView) },
  },
  'GET /internal/affirmation-text/custom/:id': {
    summary: "The text of the caller's custom affirmation, to speak",
    access: 'service',
    params: id('The custom affirmation'),
    answers: { 200: answers.json(ZAffirmationTextView) },
  },
  'GET /internal/background-music/:id': {
    summary: 'What a render needs to know of a track before its file',
    access: 'service',
    params: id('The track'),
    answers: { 200: answers.json(ZMusicTrackDetails) },
  },
  'GET /internal/background-music/:id/audio': {
    summary: "A track's file, for the render",
    access: 'service',
    params: id('The track'),
    answers: { 200: answers.bytes('audio/mpeg', 'The track') },
  },
  'GET /internal/background-music/:id/pcm': {
    summary: "A track's audio as decoded on upload (16-bit stereo PCM at 44.1 kHz), the first `frames` frames, for the render",
    access: 'service',
    params: id('The track'),
    query: z.object({
      frames: z.coerce
        .number()
        .int()
        .min(1)
        .max(MUSIC_MAX_SECONDS * 44100 + 44100)
        .optional()
        .describe('Stereo frames wanted (all by default)'),
    }),
    answers: {
      200: answers.bytes('application/octet-stream', 'The PCM'),
      404: answers.error('No such track, or its PCM is not prepared yet (MUSIC_NOT_PREPARED): decode the file'),
    },
  },
});
