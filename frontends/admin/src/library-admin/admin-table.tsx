import type { ReactNode } from 'react';
import styled from '@emotion/styled';

/** The heading, description and main button above an admin tab's list. */
const TabToolbar = styled.div`
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

export interface TabHeaderProps {
  /** The heading's id, which the tab's section names itself by. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** The tab's main button. */
  action?: ReactNode;
}

/** An admin tab's heading, one line about it, and its main button. */
export function TabHeader({ id, title, description, action }: TabHeaderProps) {
  return (
    <TabToolbar>
      <div>
        <h2 id={id}>{title}</h2>
        <p>{description}</p>
      </div>
      {action}
    </TabToolbar>
  );
}
