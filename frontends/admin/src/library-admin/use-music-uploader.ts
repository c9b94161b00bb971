import { useEffect, useState } from 'react';
import Uppy from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import { MUSIC_MAX_BYTES, endpointUrl } from '@innerecho/contracts';

const PART_BYTES = 5 * 1024 * 1024;

/**
 * Where Uppy's AWS S3 plugin sends its requests: it adds `/s3/params`, `/s3/multipart`, … to
 * this base, each one of the library's declared upload endpoints.
 */
const UPLOADS_BASE = endpointUrl('GET /api/uploads/s3/params', {}).replace(/\/s3\/params$/, '');

/**
 * One Uppy per open upload dialog: one audio file up to 50 MB, sent in parts through the
 * library's signed multipart endpoints, so a paused or interrupted upload resumes from
 * the parts already stored: 6 requests at once, 5 MB parts, retries after 0, 1, 3 and 5
 * seconds.
 */
export function useMusicUploader() {
  const [uppy] = useState(() =>
    new Uppy({
      id: 'music-upload',
      autoProceed: false,
      restrictions: { maxNumberOfFiles: 1, maxFileSize: MUSIC_MAX_BYTES, allowedFileTypes: ['audio/*'] },
    }).use(AwsS3, {
      endpoint: UPLOADS_BASE,
      cookiesRule: 'include',
      // Always in parts, even below Uppy's 100 MB default: that is what makes a 50 MB upload resumable.
      shouldUseMultipart: () => true,
      getChunkSize: () => PART_BYTES,
      limit: 6,
      retryDelays: [0, 1000, 3000, 5000],
    }),
  );
  useEffect(() => () => uppy.destroy(), [uppy]);
  return uppy;
}
