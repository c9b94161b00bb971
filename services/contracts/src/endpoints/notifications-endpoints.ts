import {
  ZMailPreferenceChange,
  ZMailPreferences,
  ZMailSettingsForm,
  ZReminderChange,
  ZUnsubscribeForm,
  ZUnsubscribeQuery,
} from '../api/notifications-api';
import { answers, declareEndpoints } from './define-endpoint';

/**
 * Notifications: which mails a listener gets (the account page's choices), the daily reminder's
 * time, and the one-click unsubscribe link every mail that can be turned off carries.
 */
export const NOTIFICATIONS_ENDPOINTS = declareEndpoints('notifications', {
  'GET /api/notifications/preferences': {
    summary: "The signed-in listener's kinds of mail (security and money ones cannot be turned off) and the reminder's time",
    access: 'listener',
    answers: { 200: answers.json(ZMailPreferences) },
  },
  'PUT /api/notifications/preferences': {
    summary: 'Turns one kind of mail on or off',
    access: 'listener',
    body: ZMailPreferenceChange,
    answers: { 200: answers.json(ZMailPreferences), 409: answers.error('A mail about security or money: cannot be turned off') },
    example: { body: { kind: 'daily-reminder', enabled: false } },
  },
  'PUT /api/notifications/reminder': {
    summary: "Sets the daily reminder's time of day in an IANA time zone, and turns it on",
    access: 'listener',
    body: ZReminderChange,
    answers: { 200: answers.json(ZMailPreferences) },
    example: { body: { time: '07:30', timeZone: 'Europe/Berlin' } },
  },
  'GET /api/notifications/mail-settings': {
    summary: 'The mails section of the account page: every kind with its toggle, and the reminder',
    access: 'public',
    answers: { 200: answers.page('The mail settings'), 302: answers.redirect('Signed out: to sign in') },
  },
  'POST /api/notifications/mail-settings': {
    summary: 'Saves the mail settings (form)',
    access: 'listener',
    body: ZMailSettingsForm,
    answers: { 303: answers.redirect('Saved: back to the settings'), 400: answers.page('Refused: the page again, with why') },
    bodyKind: 'json-or-form',
    example: { body: { 'daily-reminder': 'on', reminderTime: '07:30', timeZone: 'Europe/Berlin' } },
  },
  'GET /api/notifications/unsubscribe': {
    summary: "An unsubscribe link's page: which mail it stops, with a button to confirm",
    access: 'public',
    query: ZUnsubscribeQuery,
    answers: { 200: answers.page('The confirm page'), 404: answers.page('An unknown link') },
    example: { query: { token: 'sweep' } },
  },
  'POST /api/notifications/unsubscribe': {
    summary: "Stops that kind of mail, without a sign-in: the confirm page's button, or a mail program's one-click post (RFC 8058)",
    access: 'public',
    query: ZUnsubscribeQuery,
    body: ZUnsubscribeForm,
    answers: { 200: answers.page('Done'), 404: answers.page('An unknown link') },
    bodyKind: 'json-or-form',
    anySite: true,
    example: { query: { token: 'sweep' }, body: { 'List-Unsubscribe': 'One-Click' } },
  },
});
