import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing, CalendarPlus, Flame, Mail } from 'lucide-react';
import { Button, Card, Skeleton, serverErrorMessage, toast } from '@innerecho/ui';
import { dailyReminderCalendar } from './daily-reminder-calendar';
import { fetchStreak, mailDailyReminder, streakQueryKey } from './listening-streak-api';

/**
 * The Saved tab's daily habit: the streak (days in a row with at least one listen, counted by
 * the server from plays of saved affirmations) and "Remind me daily": a calendar file with a
 * daily event at the chosen time that links back here, or a daily mail at that time in this
 * browser's time zone (changed or turned off among the account's mails).
 */
export function ListeningStreakCard() {
  const streak = useQuery({ queryKey: streakQueryKey(), queryFn: fetchStreak });
  const [open, setOpen] = useState(false);
  const [time, setTime] = useState('07:30');
  const [mailing, setMailing] = useState(false);

  const mailDaily = async () => {
    setMailing(true);
    try {
      const { reminder } = await mailDailyReminder(time);
      toast({
        title: 'Daily mail set',
        description: `We will mail you at ${reminder.time} (${reminder.timeZone}) each day. Change it or turn it off on your account page.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: serverErrorMessage(error) ?? 'Could not set the daily mail', variant: 'destructive' });
    } finally {
      setMailing(false);
    }
  };

  const download = () => {
    let calendar: string;
    try {
      calendar = dailyReminderCalendar({ time, savedUrl: `${window.location.origin}/affirmations?tab=saved` });
    } catch (error) {
      toast({ title: 'Choose a time', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    const url = URL.createObjectURL(new Blob([calendar], { type: 'text/calendar' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'innerecho-daily-reminder.ics';
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: 'Reminder ready', description: `Open the file to add a daily reminder at ${time} to your calendar.` });
  };

  return (
    <Card aria-labelledby="habit-title" css={{ display: 'grid', gap: 14 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Flame size={22} aria-hidden css={(t) => ({ color: t.colors.accent })} />
          <div>
            <h3 id="habit-title" css={{ fontSize: 17, margin: 0 }}>
              Your listening streak
            </h3>
            {streak.isLoading ? (
              <Skeleton width={160} height={16} />
            ) : streak.isError ? (
              <p role="alert" css={{ margin: 0, fontSize: 14 }}>
                Your streak could not be loaded.{' '}
                <Button size="sm" variant="ghost" onClick={() => void streak.refetch()}>
                  Try Again
                </Button>
              </p>
            ) : (
              <p css={(t) => ({ margin: 0, fontSize: 14, color: t.colors.textMuted })}>
                <strong css={(t) => ({ color: t.colors.text })}>
                  {streak.data!.days} {streak.data!.days === 1 ? 'day' : 'days'} in a row
                </strong>
                {' · '}
                {streak.data!.listenedToday ? 'You listened today.' : 'Listen today to keep it going.'}
              </p>
            )}
          </div>
        </div>
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <BellRing size={16} aria-hidden />
          Remind me daily
        </Button>
      </div>
      {open ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 12 }}>
          <label css={{ display: 'grid', gap: 6, fontSize: 14 }}>
            Reminder time
            <input
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              css={(t) => ({
                font: 'inherit',
                padding: '8px 10px',
                borderRadius: t.radii.md,
                border: `1px solid ${t.colors.borderStrong}`,
                background: t.colors.surface,
                color: t.colors.text,
                colorScheme: 'inherit',
              })}
            />
          </label>
          <Button size="sm" onClick={download}>
            <CalendarPlus size={16} aria-hidden />
            Add to Calendar
          </Button>
          <Button size="sm" variant="outline" onClick={() => void mailDaily()} disabled={mailing} aria-busy={mailing || undefined}>
            <Mail size={16} aria-hidden />
            {mailing ? 'Saving...' : 'Email me daily'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
