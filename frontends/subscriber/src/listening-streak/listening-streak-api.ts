import { endpointUrl } from '@innerecho/contracts';
import { apiQueryKey, callApi, getSessionId } from '@innerecho/ui';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The streak as counted in this browser's time zone. */
const streakRequest = () => ({ params: { sessionId: getSessionId() }, query: { timeZone: timeZone() } });

export const streakQueryKey = () => apiQueryKey('GET /api/saved-affirmations/:sessionId/streak', streakRequest());

export const streakUrl = () => endpointUrl('GET /api/saved-affirmations/:sessionId/streak', streakRequest());

export const fetchStreak = () => callApi('GET /api/saved-affirmations/:sessionId/streak', streakRequest());

/** A play of a saved affirmation: counts today (in the listener's time zone) for the streak. */
export const recordPlay = (savedId: string) =>
  callApi('POST /api/saved-affirmations/:sessionId/:id/plays', {
    params: { sessionId: getSessionId(), id: savedId },
    body: { timeZone: timeZone() },
  });

/** The daily reminder by mail, at `time` in this browser's time zone (turns it on). */
export const mailDailyReminder = (time: string) => callApi('PUT /api/notifications/reminder', { body: { time, timeZone: timeZone() } });
