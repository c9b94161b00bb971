import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@innerecho/ui';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/**
 * While a render waits for its turn (others are generating), where it stands in line, asked
 * every two seconds (GET /api/generate-audio/queue). Nothing while it is being made.
 */
export function RenderQueuePlace() {
  const { data } = useQuery({
    ...apiQuery('GET /api/generate-audio/queue'),
    refetchInterval: 2000,
    staleTime: 0,
    gcTime: 0,
  });
  if (!data?.place) return null;
  return (
    <p role="status" css={(t) => ({ fontSize: 14, fontWeight: 600, color: t.colors.text, textAlign: 'center' })}>
      {data.place === 1 ? "You're next in line" : `You're ${ordinal(data.place)} in line`}
    </p>
  );
}
