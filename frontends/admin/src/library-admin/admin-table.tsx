import styled from '@emotion/styled';

/** The heading, description and main button above an admin tab's list. */
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
