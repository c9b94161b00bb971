import styled from '@emotion/styled';

/** A quiet data table that scrolls sideways on narrow screens instead of squashing its columns. */
export const TableScroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.lg};
  background: ${(p) => p.theme.colors.surface};
`;

export const Table = styled.table`
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

export const Clamp = styled.span<{ lines?: number }>`
  display: -webkit-box;
  -webkit-line-clamp: ${(p) => p.lines ?? 2};
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: ${(p) => p.theme.colors.textMuted};
`;

export const TabToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 16px;
  h2 {
    font-family: ${(p) => p.theme.fonts.heading};
    font-size: 22px;
    margin: 0;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.textMuted};
    font-size: 14px;
  }
`;
