import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import type { Interpolation, Theme } from '@emotion/react';
import { VisuallyHidden } from './layout';

/**
 * A quiet data table that scrolls sideways on narrow screens instead of squashing its columns.
 * Positioned, so the visually hidden header text (absolutely placed) stays inside the scroller
 * instead of widening the whole page on a phone.
 */
const TableScroller = styled.div`
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.lg};
  background: ${(p) => p.theme.colors.surface};
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    padding: 12px 16px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
  }
  th {
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${(p) => p.theme.colors.textSubtle};
    background: ${(p) => p.theme.colors.surfaceSunken};
  }
  tbody tr:last-of-type td {
    border-bottom: 0;
  }
  tbody tr:hover td {
    background: ${(p) => p.theme.colors.surfaceSunken};
  }
`;

/** Long text cut to a few lines inside a table cell. */
export const Clamp = styled.span<{ lines?: number }>`
  display: -webkit-box;
  -webkit-line-clamp: ${(p) => p.lines ?? 2};
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: ${(p) => p.theme.colors.textMuted};
`;

export interface DataTableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Styles of this column's cells (width, wrapping, weight). */
  css?: Interpolation<Theme>;
}

export interface DataTableProps<T> {
  /**
   * The table's name ('Payouts table'), which a screen reader gives it when it scrolls sideways;
   * not the bare name of what it lists, which the tab's own section already has.
   */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataTableColumn<T>[];
  /** The row's buttons, right-aligned in a last column whose header only screen readers read ("Actions"). */
  actions?: (row: T) => ReactNode;
  /** A test id on every row. */
  rowTestId?: string;
}

/** Whether the element is wider inside than it is shown, kept up to date as either changes. */
function useScrollsSideways() {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { scroller, scrolls };
}

/**
 * The design system's one table of records with a column of actions (the admin lists). When it
 * is wider than the screen, the scroller is a named region in the tab order, so keyboard users
 * can scroll it with the arrow keys even when its rows hold no button (a list of paid payouts).
 */
export function DataTable<T>({ label, rows, rowKey, columns, actions, rowTestId }: DataTableProps<T>) {
  const { scroller, scrolls } = useScrollsSideways();
  return (
    <TableScroller ref={scroller} {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      <Table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.header} css={column.css}>
                  {column.cell(row)}
                </td>
              ))}
              {actions ? (
                <td css={{ whiteSpace: 'nowrap' }}>
                  <div css={{ display: 'flex', gap: 4, justifyContent: 'flex-end' }}>{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroller>
  );
}
