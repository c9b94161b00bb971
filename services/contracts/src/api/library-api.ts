import { z } from 'zod';
import { CUSTOM_CATEGORIES, LIBRARY_CATEGORIES } from './categories';
import { textField } from './text';

/** Limits and messages of the library's inputs, shared by the API and the forms. */
export const TITLE_MAX = 120;
export const CUSTOM_CONTENT_MAX = 2000;
export const TRANSCRIPT_CONTENT_MAX = 5000;
export const MUSIC_MAX_BYTES = 52_428_800;
/** A background track loops under affirmations: an hour is more than any needs, and bounds its decode. */
export const MUSIC_MAX_SECONDS = 3600;
/**
 * Music whose near-silent stretches add up to more than this is refused (MUSIC_SILENT). A
 * stretch is near-silent when the RMS of each of its 100 ms windows is below about -50 dBFS;
 * the windows are counted wherever they are in the track (start, middle, end).
 */
export const MUSIC_MAX_SILENT_SECONDS = 5;

export const LIBRARY_MESSAGES = {
  missing: 'Please fill in all fields',
  customTooLong: 'Please limit your affirmation to 2000 characters or less',
  transcriptTooLong: `Please limit the content to ${TRANSCRIPT_CONTENT_MAX} characters or less`,
  titleTooLong: `Please keep the title to ${TITLE_MAX} characters or less`,
  category: 'Please choose one of the listed categories',
  creatorName: 'Creator name is required',
  email: 'Email is required',
  password: 'Password is required',
  referralCode: 'Referral code is required',
  musicMissing: 'Missing information',
  musicTooLarge: 'The music file must be 50 MB or smaller',
  musicNotAudio: 'This file is not an audio file we can play',
  musicTooLong: 'The music must be 60 minutes or shorter',
  musicSilent: 'This track is silent or nearly silent for more than 5 seconds. Please upload music that plays throughout',
} as const;

const requiredText = (max: number, tooLong: string, options: { multiline?: boolean } = {}) =>
  textField({ max, tooLong, required: LIBRARY_MESSAGES.missing, multiline: options.multiline });

export const ZTranscriptInput = z.object({
  title: requiredText(TITLE_MAX, LIBRARY_MESSAGES.titleTooLong),
  content: requiredText(TRANSCRIPT_CONTENT_MAX, LIBRARY_MESSAGES.transcriptTooLong, { multiline: true }),
  category: z.enum(LIBRARY_CATEGORIES, { error: LIBRARY_MESSAGES.category }),
  creatorId: z.string().uuid('Please choose a creator from the list').nullable().optional().default(null),
});
export type TranscriptInput = z.infer<typeof ZTranscriptInput>;

export const ZCustomAffirmationInput = z.object({
  title: requiredText(TITLE_MAX, LIBRARY_MESSAGES.titleTooLong),
  content: requiredText(CUSTOM_CONTENT_MAX, LIBRARY_MESSAGES.customTooLong, { multiline: true }),
  category: z.enum(CUSTOM_CATEGORIES, { error: LIBRARY_MESSAGES.category }),
});
export type CustomAffirmationInput = z.infer<typeof ZCustomAffirmationInput>;

/** Lowercase, no whitespace: what the admin form forces as the code is typed. */
export const normaliseReferralCode = (value: string) => value.toLowerCase().replace(/\s+/g, '');

const optionalText = (max: number, label: string, options: { multiline?: boolean } = {}) =>
  textField({ max, tooLong: `${label} must be ${max} characters or less`, multiline: options.multiline })
    .optional()
    .default('');
const optionalUrl = (label: string) =>
  textField({ max: 500, tooLong: `${label} must be 500 characters or less` })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), `${label} must be a web address starting with http:// or https://`)
    .optional()
    .default('');

export const ZCreatorProfileInput = z.object({
  name: textField({ max: 80, tooLong: 'Name must be 80 characters or less', required: LIBRARY_MESSAGES.creatorName }),
  bio: optionalText(1000, 'Bio', { multiline: true }),
  profilePicUrl: optionalUrl('Profile picture URL'),
  youtubeChannel: optionalUrl('YouTube channel'),
});

export const ZCreatorCreateInput = ZCreatorProfileInput.extend({
  email: textField({ max: 254, tooLong: 'Email must be 254 characters or less', required: LIBRARY_MESSAGES.email })
    .toLowerCase()
    .email('Enter a valid email address'),
  password: textField({
    max: 200,
    tooLong: 'Password must be 200 characters or less',
    required: LIBRARY_MESSAGES.password,
    trim: false,
    multiline: true,
  }).min(8, 'Password must be at least 8 characters'),
  referralCode: textField({ max: 200, tooLong: 'Referral code must be 40 characters or less', required: LIBRARY_MESSAGES.referralCode })
    .transform(normaliseReferralCode)
    .pipe(
      z
        .string()
        .min(1, LIBRARY_MESSAGES.referralCode)
        .max(40, 'Referral code must be 40 characters or less')
        .regex(/^[a-z0-9_-]+$/, 'Referral code may use only letters, digits, - and _'),
    ),
});
export type CreatorCreateInput = z.infer<typeof ZCreatorCreateInput>;

/** Starter creators have fixed ids, so the library's starter transcripts can name them. */
export const STARTER_CREATOR_IDS = {
  mayaRivers: '5e1f6a3c-1c2b-4d7e-9a10-0000000000a1',
  jonahBell: '5e1f6a3c-1c2b-4d7e-9a10-0000000000a2',
  amaraOkafor: '5e1f6a3c-1c2b-4d7e-9a10-0000000000a3',
} as const;

/** What the library API answers for a transcript (playCount: generations made from it). */
export const ZTranscriptView = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  playCount: z.number(),
  creatorId: z.string().nullable(),
});
export type TranscriptView = z.infer<typeof ZTranscriptView>;

/** A creator's public profile as the library serves it (no email, no referral code). */
export const ZCreatorProfileView = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  profilePicUrl: z.string(),
  youtubeChannel: z.string(),
});
export type CreatorProfileView = z.infer<typeof ZCreatorProfileView>;

/** GET /api/creators/{id}/analytics. */
export const ZCreatorPublicAnalytics = z.object({
  totalPlays: z.number(),
  totalAffirmations: z.number(),
  topAffirmations: z.array(z.object({ id: z.string(), title: z.string(), playCount: z.number() })),
});
export type CreatorPublicAnalytics = z.infer<typeof ZCreatorPublicAnalytics>;

/** GET /api/featured-creators: each creator with their public figures, for the library's Featured Creators in one call. */
export const ZFeaturedCreatorView = z.object({ creator: ZCreatorProfileView, analytics: ZCreatorPublicAnalytics });
export type FeaturedCreatorView = z.infer<typeof ZFeaturedCreatorView>;

/**
 * The caller's own affirmation: answered by POST /api/custom-affirmations, GET and PUT
 * /api/custom-affirmations/{id}, and (newest first) GET /api/custom-affirmations.
 * PUT takes the same body as POST (ZCustomAffirmationInput); DELETE answers 204.
 */
export const ZCustomAffirmationView = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  createdAt: z.string(),
});
export type CustomAffirmationView = z.infer<typeof ZCustomAffirmationView>;

/** GET /api/background-music: a track as listeners and the admin see it (duration in seconds). */
export const ZMusicTrackView = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.number(),
});
export type MusicTrackView = z.infer<typeof ZMusicTrackView>;

/** POST /api/background-music: a track from a finished upload (the file is checked to be audio). */
export const ZAddMusicInput = z.object({
  title: textField({ max: TITLE_MAX, tooLong: LIBRARY_MESSAGES.titleTooLong, required: LIBRARY_MESSAGES.musicMissing }),
  uploadURL: textField({ max: 2000, required: LIBRARY_MESSAGES.musicMissing }),
  /** The admin form always sends 300; the measured duration is what is stored. */
  duration: z.unknown().optional(),
});
export type AddMusicInput = z.infer<typeof ZAddMusicInput>;

/** POST /api/background-music/upload: a signed URL for one PUT of the file, and the key it lands at. */
export const ZMusicUploadUrlAnswer = z.object({
  uploadURL: z.string(),
  key: z.string(),
});
export type MusicUploadUrlAnswer = z.infer<typeof ZMusicUploadUrlAnswer>;

/*
 * The upload endpoints the Uppy AWS S3 plugin calls (/api/uploads/s3/…), in the shapes it expects.
 */

/** GET /api/uploads/s3/params: a single signed PUT. */
export const ZUploadParamsAnswer = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  fields: z.object({}).strict(),
  headers: z.record(z.string(), z.string()),
});
export type UploadParamsAnswer = z.infer<typeof ZUploadParamsAnswer>;

/** POST /api/uploads/s3/multipart: starts a multipart upload. */
export const ZMultipartStart = z.object({
  /** Only its extension is kept (in the upload key), but it must be a sensible name. */
  filename: textField({ max: 300, tooLong: 'The file name is too long' }).optional().default(''),
  type: z.unknown(),
});
export const ZMultipartStartAnswer = z.object({
  uploadId: z.string(),
  key: z.string(),
});
export type MultipartStartAnswer = z.infer<typeof ZMultipartStartAnswer>;

/** GET /api/uploads/s3/multipart/{uploadId}/{partNumber}: a signed PUT for one part. */
export const ZSignedPartAnswer = z.object({
  url: z.string(),
  /** Seconds. */
  expires: z.number(),
});
export type SignedPartAnswer = z.infer<typeof ZSignedPartAnswer>;

/** POST /api/uploads/s3/multipart/{uploadId}/complete */
export const ZMultipartComplete = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z.number().int().min(1),
        ETag: textField({ max: 200, required: 'The upload has a part without an ETag' }),
      }),
    )
    .min(1, 'The upload has no parts')
    .max(10_000),
});
export const ZMultipartCompleteAnswer = z.object({
  location: z.string(),
  key: z.string(),
});
export type MultipartCompleteAnswer = z.infer<typeof ZMultipartCompleteAnswer>;

/** GET /internal/affirmation-text/{transcript|custom}/{id} (library to generation): the text to speak. */
export const ZAffirmationTextView = z.object({
  id: z.string(),
  title: z.string().nullable(),
  category: z.string().nullable(),
  content: z.string(),
});
export type AffirmationTextView = z.infer<typeof ZAffirmationTextView>;

/** GET /internal/background-music/{id} (library to generation): what the render needs before the file. */
export const ZMusicTrackDetails = z.object({
  id: z.string(),
  title: z.string(),
  durationSeconds: z.number(),
  contentType: z.string(),
  /** Stereo frames at 44.1 kHz, measured when the track was added (null for tracks added before that). */
  decodedFrames: z.number().nullable(),
  /** Audible level (0..1 of full scale), measured with decodedFrames. */
  loudness: z.number().nullable(),
});
export type MusicTrackDetails = z.infer<typeof ZMusicTrackDetails>;
