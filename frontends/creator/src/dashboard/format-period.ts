import type { AnalyticsPeriod } from '../api/creator-api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The server's bucket labels (2026-11-21, 2026-11, 2026) in words people read. */
export function formatPeriodLabel(period: AnalyticsPeriod, label: string): string {
  const [year, month, day] = label.split('-').map(Number);
  if (period === 'yearly' || !month) return String(year);
  if (period === 'monthly' || !day) return `${MONTHS[month - 1]} ${year}`;
  const date = `${MONTHS[month - 1]} ${day}`;
  return period === 'weekly' ? `Week of ${date}` : date;
}

export const PERIOD_NAMES: Record<AnalyticsPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** 'Nov 21, 2026' */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** Dollars with two decimals, the sign in front: -250 -> '-$2.50'. */
export function dollars(cents: number): string {
  const abs = `$${(Math.abs(cents) / 100).toFixed(2)}`;
  return cents < 0 ? `-${abs}` : abs;
}
