import { z } from 'zod';
import {
  ZAffirmationSessionRequest,
  ZGenerateAudioRequest,
  ZMixPreviewRequest,
  ZOwnRecordingRequest,
  ZSavedAffirmationUpdate,
  ZDailyAllowanceView,
  ZOwnRecordingView,
  ZRenderQueueView,
  ZListeningStreakView,
  ZSavedAffirmationView,
} from '../api/generation-api';
import { answers, declareEndpoints, EXAMPLE_ID, EXAMPLE_SESSION_ID } from './define-endpoint';
import { signedFileRead } from './files-endpoints';

const sessionId = z.string().describe("The browser's sessionId (session_…), owned by the caller");
const savedParams = z.object({ sessionId, id: z.string().describe('The saved affirmation (a UUID)') });
const ownRecordingParams = z.object({
  sessionId,
  affirmationId: z.string().describe('A transcript id, or custom-{id} for a custom affirmation'),
});
/** The time zone is checked by the use case (BAD_TIME_ZONE); here it is only bounded text. */
const timeZone = z.string().max(100).describe('An IANA time zone, e.g. Europe/Paris');

/**
 * The headers of a rendered MP3 (both render routes answer them), by what each tells. They
 * come with its first bytes, while the rest is still being made: a render that fails or stops
 * after them ends the download early and saves nothing.
 */
const RENDER_HEADERS = {
  'x-saved-affirmation-id': 'The saved affirmation the MP3 is in the library as, once its download completes',
  'x-speech-engine-calls': 'How many clips the speech engine had to make (the rest came from its cache)',
  'x-render-period': 'Whether the loop period was copied from an earlier render of the same speech and music',
  'x-speech-voice': "Whose voice speaks: the listener's clone, their own recording, or the stock voice",
  'x-audio-duration-seconds': "The MP3's length in seconds (a session's follows its speech when asked as repetitions)",
} as const;

/** Generation: rendering, today's allowance, the saved affirmations, listeners' own recordings, the rendered files. */
export const GENERATION_ENDPOINTS = declareEndpoints('generation', {
  'GET /api/generate-audio/allowance': {
    summary: "Today's share of the daily hour of generated audio",
    access: 'listener',
    answers: { 200: answers.json(ZDailyAllowanceView) },
    personalRead: true,
  },
  'POST /api/generate-audio': {
    summary: "Renders an affirmation in the listener's voice (or their own recording) and saves it; answers the MP3",
    access: 'subscriber',
    body: ZGenerateAudioRequest,
    answers: {
      201: answers.bytes(
        'audio/mpeg',
        'The MP3, sent as it is made (a download cut off saved nothing); x-saved-affirmation-id names the saved affirmation',
        RENDER_HEADERS,
      ),
      402: answers.error('No active plan'),
      429: answers.error("Today's hour is used up"),
      503: answers.error('The render queue is full (Retry-After)'),
    },
    example: {
      body: {
        sessionId: EXAMPLE_SESSION_ID,
        voiceSpeed: '1.0',
        audioDuration: '180',
        transcriptId: EXAMPLE_ID,
        backgroundMusicId: EXAMPLE_ID,
      },
    },
  },
  'POST /api/generate-audio/session': {
    summary:
      'Renders an affirmation session (2 to 10 affirmations in order, repeated) in one MP3 and saves it; answers like POST /api/generate-audio',
    access: 'subscriber',
    body: ZAffirmationSessionRequest,
    answers: {
      201: answers.bytes(
        'audio/mpeg',
        'The MP3, sent as it is made (a download cut off saved nothing); x-saved-affirmation-id names the saved affirmation',
        RENDER_HEADERS,
      ),
      402: answers.error('No active plan'),
      404: answers.error('An affirmation, the music or the custom affirmation of another listener'),
      429: answers.error("Today's hour is used up"),
      503: answers.error('The render queue is full (Retry-After)'),
    },
    example: {
      body: {
        sessionId: EXAMPLE_SESSION_ID,
        affirmations: [{ transcriptId: EXAMPLE_ID }, { customAffirmationId: EXAMPLE_ID }],
        length: { totalMinutes: 10 },
        pauseSeconds: 2,
        voiceSpeed: 1,
        backgroundMusicId: EXAMPLE_ID,
        musicBelowVoiceDb: 16,
      },
    },
  },
  'POST /api/generate-audio/preview': {
    summary: 'The first seconds of the mix at a balance (MP3); saves nothing, uses none of the allowance',
    access: 'subscriber',
    body: ZMixPreviewRequest,
    answers: { 200: answers.bytes('audio/mpeg', 'The preview'), 402: answers.error('No active plan') },
    example: { body: { sessionId: EXAMPLE_SESSION_ID, transcriptId: EXAMPLE_ID, backgroundMusicId: EXAMPLE_ID, musicBelowVoiceDb: 16 } },
  },
  'GET /api/generate-audio/queue': {
    summary: "The caller's place in the render queue",
    access: 'listener',
    answers: { 200: answers.json(ZRenderQueueView) },
  },
  'GET /api/saved-affirmations/:sessionId': {
    summary: "The caller's saved affirmations, newest first",
    access: 'listener',
    params: z.object({ sessionId }),
    answers: { 200: answers.json(z.array(ZSavedAffirmationView)) },
    personalRead: true,
  },
  'GET /api/saved-affirmations/:sessionId/streak': {
    summary: "The caller's listening streak in their time zone",
    access: 'listener',
    params: z.object({ sessionId }),
    query: z.object({ timeZone: timeZone.optional() }),
    answers: { 200: answers.json(ZListeningStreakView), 400: answers.error('Unknown time zone') },
    personalRead: true,
    example: { query: { timeZone: 'Europe/Paris' } },
  },
  'POST /api/saved-affirmations/:sessionId/:id/plays': {
    summary: 'Records a play of a saved affirmation (for the streak)',
    access: 'listener',
    params: savedParams,
    body: z.object({ timeZone: timeZone.optional() }),
    answers: { 201: answers.json(ZListeningStreakView), 404: answers.error('No such saved affirmation of the caller') },
    example: { body: { timeZone: 'Europe/Paris' } },
  },
  'PATCH /api/saved-affirmations/:sessionId/:id': {
    summary: 'Keeps the playback speed the listener chose for a saved affirmation, or renames a session',
    access: 'listener',
    params: savedParams,
    body: ZSavedAffirmationUpdate,
    answers: { 200: answers.json(ZSavedAffirmationView) },
    example: { body: { voiceSpeed: 1.25 } },
  },
  'DELETE /api/saved-affirmations/:sessionId/:id': {
    summary: 'Deletes a saved affirmation and its MP3',
    access: 'listener',
    params: savedParams,
    answers: { 204: answers.empty(), 404: answers.error('No such saved affirmation of the caller') },
  },
  'GET /api/saved-affirmations/:sessionId/:id/audio': {
    summary: "A saved affirmation's MP3 (Range supported)",
    access: 'listener',
    params: savedParams,
    query: z.object({ download: z.string().optional().describe('Download under this name (cleaned)') }),
    answers: { 200: answers.bytes('audio/mpeg', 'The MP3'), 206: answers.bytes('audio/mpeg', 'A range of it') },
    tolerated: ['download'],
    example: { query: { download: 'calm-morning' } },
  },
  'GET /api/own-recordings/:sessionId/:affirmationId': {
    summary: "The listener's own reading of an affirmation, if any",
    access: 'listener',
    params: ownRecordingParams,
    answers: { 200: answers.json(ZOwnRecordingView.nullable()) },
    personalRead: true,
  },
  'PUT /api/own-recordings/:sessionId/:affirmationId': {
    summary: "Keeps the listener's own reading of an affirmation, uploaded first to the voice sample address",
    // A reading is used only to generate, and costs a decode: it needs what generating needs.
    access: 'subscriber',
    params: ownRecordingParams,
    body: ZOwnRecordingRequest,
    answers: { 200: answers.json(ZOwnRecordingView), 402: answers.error('No active plan') },
    example: { params: { affirmationId: EXAMPLE_ID }, body: { uploadURL: '/api/files/voice/samples/x.webm' } },
  },
  'DELETE /api/own-recordings/:sessionId/:affirmationId': {
    summary: "Deletes the listener's own reading of an affirmation",
    access: 'listener',
    params: ownRecordingParams,
    answers: { 204: answers.empty() },
  },
  'GET /api/own-recordings/:sessionId/:affirmationId/audio': {
    summary: "The listener's own reading (WAV)",
    access: 'listener',
    params: ownRecordingParams,
    answers: { 200: answers.bytes('audio/wav', 'The reading'), 206: answers.bytes('audio/wav', 'A range of it') },
  },
  'GET /api/files/generation/*key': signedFileRead('a rendered MP3'),
});
