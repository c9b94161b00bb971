import { bareList } from './layout';
import type { ReactNode } from 'react';

/** A plain list of `ListRow`s, ten pixels apart. */
export function ListRows({ children }: { children: ReactNode }) {
  return <ul css={{ ...bareList, display: 'grid', gap: 10 }}>{children}</ul>;
}

export interface ListRowProps {
  /** The row's main line (an amount, a name). */
  title: ReactNode;
  /** A quieter line under it (dates, counts). */
  detail?: ReactNode;
  /** Anything more under the detail, such as a reason. */
  more?: ReactNode;
  /** What stands at the row's end (a status badge). */
  end?: ReactNode;
  'data-testid'?: string;
}

/** One row of a summary list on a sunken background: title and detail on the left, a status on the right. */
export function ListRow({ title, detail, more, end, 'data-testid': testId }: ListRowProps) {
  return (
    <li
      data-testid={testId}
      css={(t) => ({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        padding: '12px 14px',
        borderRadius: t.radii.md,
        background: t.colors.surfaceSunken,
      })}
    >
      <div css={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {title}
        {detail ? <span css={(t) => ({ fontSize: 13, color: t.colors.textMuted })}>{detail}</span> : null}
        {more}
      </div>
      {end}
    </li>
  );
}
