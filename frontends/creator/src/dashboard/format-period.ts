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
