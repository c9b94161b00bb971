import { Card, CardDescription, CardTitle, Skeleton, visuallyHidden } from '@innerecho/ui';

export interface PeriodBarsProps {
  title: string;
  description: string;
  /** Oldest first, as the server sends them. */
  rows: { label: string; value: number; display: string }[] | undefined;
  emptyNote: string;
}

/**
 * A small horizontal bar chart: one row per period with its label, a bar scaled to the
 * largest value and the figure itself, so it reads on a phone and to a screen reader.
 */
export function PeriodBars({ title, description, rows, emptyNote }: PeriodBarsProps) {
  const newestFirst = rows ? [...rows].reverse() : undefined;
  const max = Math.max(1, ...(rows ?? []).map((r) => Math.abs(r.value)));
  const allZero = rows !== undefined && rows.every((r) => r.value === 0);
  return (
    <Card css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{allZero ? emptyNote : description}</CardDescription>
      </div>
      {newestFirst === undefined ? (
        <div css={{ display: 'grid', gap: 10 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} css={{ height: 18 }} />
          ))}
        </div>
      ) : (
        <table css={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <caption css={visuallyHidden}>{title}</caption>
          <thead css={visuallyHidden}>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Chart</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((row) => (
              <tr key={row.label}>
                <th
                  scope="row"
                  css={(t) => ({
                    textAlign: 'left',
                    fontWeight: 500,
                    fontSize: 13.5,
                    color: t.colors.textMuted,
                    padding: '5px 10px 5px 0',
                    width: '34%',
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  })}
                >
                  {row.label}
                </th>
                <td aria-hidden css={{ padding: '5px 0' }}>
                  <div css={(t) => ({ height: 10, borderRadius: t.radii.pill, background: t.colors.surfaceSunken, overflow: 'hidden' })}>
                    <div
                      css={(t) => ({
                        height: '100%',
                        width: `${(Math.abs(row.value) / max) * 100}%`,
                        minWidth: row.value !== 0 ? 6 : 0,
                        borderRadius: t.radii.pill,
                        background: row.value < 0 ? t.colors.danger : `linear-gradient(90deg, ${t.colors.accent}, ${t.colors.primary})`,
                      })}
                    />
                  </div>
                </td>
                <td
                  css={(t) => ({
                    textAlign: 'right',
                    fontVariantNumeric: 'tabular-nums',
                    fontSize: 14,
                    fontWeight: 600,
                    padding: '5px 0 5px 12px',
                    width: '24%',
                    color: row.value === 0 ? t.colors.textSubtle : t.colors.text,
                  })}
                >
                  {row.display}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
