import type { MailContent } from './mail-layout';

/** The daily reminder: a nudge and a link to the listener's library. */
export function dailyReminderMail(publicUrl: string): MailContent {
  return {
    subject: 'Your daily InnerEcho moment',
    preview: 'A few minutes with your affirmations',
    heading: 'Time for your affirmations',
    paragraphs: ['This is the reminder you asked for: a few quiet minutes with your own voice.'],
    action: { label: 'Open your library', url: new URL('/affirmations', publicUrl).toString() },
    footer: ['You get this mail because you turned on the daily reminder on your account page.'],
  };
}
