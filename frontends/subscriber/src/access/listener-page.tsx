import type { ReactNode } from 'react';
import { Container, Page, PageHeader, type PageHeaderProps } from '@innerecho/ui';
import { ListenerGate, type ListenerGateProps } from './listener-gate';

export interface ListenerPageProps extends PageHeaderProps, Omit<ListenerGateProps, 'header' | 'children'> {
  /** The screen, drawn once the gate lets the listener in. */
  children: ReactNode;
}

/** A page for listeners with a plan: its header, and under it the screen behind the listener gate. */
export function ListenerPage({ signInTitle, signInDescription, trialTitle, children, ...header }: ListenerPageProps) {
  return (
    <Container>
      <Page>
        <PageHeader {...header} />
        <ListenerGate signInTitle={signInTitle} signInDescription={signInDescription} trialTitle={trialTitle}>
          {children}
        </ListenerGate>
      </Page>
    </Container>
  );
}
