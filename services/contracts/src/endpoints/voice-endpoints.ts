import { z } from 'zod';
import {
  ZCloneVoiceRequest,
  ZReadingCheckRequest,
  ZSpeechRequest,
  ZCloneVoiceAnswer,
  ZDeleteVoiceAnswer,
  ZUploadUrlAnswer,
  ZVoiceEngineView,
  ZVoiceProfileView,
} from '../api/voice-api';
import { answers, declareEndpoints, EXAMPLE_SESSION_ID } from './define-endpoint';
import { signedFileRead, signedFileWrite } from './files-endpoints';

const MB = 1024 * 1024;
const sessionParams = z.object({ sessionId: z.string().describe("The browser's sessionId (session_…), owned by the caller") });

/** Voice: the voice profile, recording and cloning, which engine makes voices, and speech for the generation. */
export const VOICE_ENDPOINTS = declareEndpoints('voice', {
  'GET /api/voice-engine': {
    summary: 'The engine a new voice would be made with',
    access: 'public',
    answers: { 200: answers.json(ZVoiceEngineView) },
  },
  'POST /api/voice-profile/upload': {
    summary: "A signed address to PUT one voice sample to; it holds its room in the account's upload quota until used or expired",
    access: 'listener',
    answers: {
      200: answers.json(ZUploadUrlAnswer),
      409: answers.error("No room left in the account's upload quota (STORAGE_QUOTA_EXCEEDED)"),
    },
  },
  'POST /api/voice-profile/clone': {
    summary: 'Checks the uploaded sample and clones the voice from it (with consent)',
    access: 'subscriber',
    body: ZCloneVoiceRequest,
    answers: {
      200: answers.json(ZCloneVoiceAnswer),
      400: answers.error('No consent, or the sample is not usable (too short, too quiet, not audio)'),
      402: answers.error('No active plan'),
    },
    example: { body: { sessionId: EXAMPLE_SESSION_ID, uploadURL: '/api/files/voice/samples/x.webm', consent: { accepted: true } } },
  },
  'GET /api/voice-profile/:sessionId': {
    summary: "The caller's voice profile",
    access: 'listener',
    params: sessionParams,
    answers: { 200: answers.json(ZVoiceProfileView) },
    personalRead: true,
  },
  'DELETE /api/voice-profile/:sessionId': {
    summary: "Deletes the caller's voice: the engine's voice, the sample, the cached speech",
    access: 'listener',
    params: sessionParams,
    answers: { 200: answers.json(ZDeleteVoiceAnswer) },
  },
  'GET /api/files/voice/*key': signedFileRead('a voice sample'),
  'PUT /api/files/voice/*key': signedFileWrite('a voice sample', 25 * MB),

  'POST /internal/speech': {
    summary: "The text in the caller's cloned voice (16-bit mono WAV at 44.1 kHz)",
    access: 'service',
    body: ZSpeechRequest,
    answers: {
      200: answers.bytes('audio/wav', 'The speech', {
        'x-speech-cache': "Whether the clip came from the speech cache ('hit') or the engine made it ('miss')",
        'x-voice-id': "The engine's voice that spoke it",
      }),
    },
    example: { body: { text: 'I am calm and clear.' } },
  },
  'POST /internal/readings': {
    summary: "Checks a listener's own reading like a voice sample; answers it trimmed and level-normalised (WAV)",
    access: 'service',
    body: ZReadingCheckRequest,
    answers: {
      200: answers.bytes('audio/wav', 'The reading', { 'x-reading-seconds': 'The length of the trimmed reading, in seconds' }),
    },
    example: { body: { uploadURL: '/api/files/voice/samples/x.webm', minSpeechSeconds: 2, maxSeconds: 30 } },
  },
});
