import { NOTIFICATIONS_ENDPOINTS, NOTIFICATIONS_MESSAGES } from '@innerecho/contracts';
import { assertSameOrigin, declaredRoutes, formError, formValue, sendPage, type ServiceContext } from '@innerecho/kit';
import type { NotificationsConfig } from '../../config';
import { listenerPreferences, mailOfUnsubscribeToken, recipientKeyOf, setMailWanted } from '../../domain/mail-preferences';
import { saveMailSettings, setReminder } from '../../domain/daily-reminders';
import { MAIL_SETTINGS_PATH, mailSettingsPage, unknownUnsubscribeLinkPage, unsubscribeConfirmPage, unsubscribedPage } from './mail-pages';

/** A listener's mail choices (JSON and the account's mail page) and the one-click unsubscribe links. */
export function notificationsRoutes(context: ServiceContext<NotificationsConfig>) {
  const router = declaredRoutes(NOTIFICATIONS_ENDPOINTS, { context });
  const { db } = context;

  router.answer('GET /api/notifications/preferences', async ({ user }) => ({
    status: 200,
    body: await listenerPreferences(db, user.id),
  }));

  router.answer('PUT /api/notifications/preferences', async ({ user, body }) => {
    await setMailWanted(db, recipientKeyOf({ userId: user.id, to: user.email }), body.kind, body.enabled);
    return { status: 200, body: await listenerPreferences(db, user.id) };
  });

  router.answer('PUT /api/notifications/reminder', async ({ user, body }) => {
    await setReminder(context, { userId: user.id, email: user.email, ...body }, new Date());
    return { status: 200, body: await listenerPreferences(db, user.id) };
  });

  router.raw('GET /api/notifications/mail-settings', async ({ user, req, res }) => {
    if (!user) {
      // Sign-in returns to the account page (the one page under /api it returns to), whose mails section leads here.
      res.redirect(302, `/api/login?mode=signin&returnTo=${encodeURIComponent('/api/auth/account')}`);
      return;
    }
    sendPage(res, mailSettingsPage({ preferences: await listenerPreferences(db, user.id), saved: req.query.saved === '1' }));
  });

  router.raw('POST /api/notifications/mail-settings', async ({ user, body, req, res }) => {
    assertSameOrigin(req);
    try {
      await saveMailSettings(context, { userId: user.id, email: user.email, form: formValue(body) }, new Date());
      res.redirect(303, `${MAIL_SETTINGS_PATH}?saved=1`);
    } catch (error) {
      const refusal = formError(error);
      if (!refusal) throw error;
      const preferences = await listenerPreferences(db, user.id);
      sendPage(res, {
        ...mailSettingsPage({ preferences, error: refusal.message, status: 400 }),
        refusal: { error: refusal.message, code: refusal.code },
      });
    }
  });

  router.raw('GET /api/notifications/unsubscribe', async ({ query, res }) => {
    const mail = await mailOfUnsubscribeToken(db, query.token);
    if (!mail) return sendPage(res, unknownUnsubscribeLinkPage(NOTIFICATIONS_MESSAGES.unknownLink));
    sendPage(res, unsubscribeConfirmPage(mail.kind, query.token!));
  });

  // No sign-in and no origin check: the unguessable token is the whole authority, and mail
  // programs post the one-click form (RFC 8058) from nowhere.
  router.raw('POST /api/notifications/unsubscribe', async ({ query, res }) => {
    const mail = await mailOfUnsubscribeToken(db, query.token);
    if (!mail) return sendPage(res, unknownUnsubscribeLinkPage(NOTIFICATIONS_MESSAGES.unknownLink));
    await setMailWanted(db, mail.recipientKey, mail.kind, false);
    context.logger.info({ kind: mail.kind }, 'unsubscribed by link');
    sendPage(res, unsubscribedPage(mail.kind));
  });

  return router;
}
