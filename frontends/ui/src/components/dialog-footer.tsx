import styled from '@emotion/styled';

/** The row of actions at the foot of a dialog (plain layout: it needs none of the dialog's code). */
export const DialogFooter = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 8px;
`;
