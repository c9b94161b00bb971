import styled from '@emotion/styled';
import * as TabsPrimitive from '@radix-ui/react-tabs';

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List)`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 4px;
  border-radius: ${(p) => p.theme.radii.pill};
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceSunken};
  max-width: 100%;
`;

export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  min-height: 36px;
  padding: 0 16px;
  border: 0;
  border-radius: ${(p) => p.theme.radii.pill};
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
  font-weight: 600;
  font-size: 14px;
  cursor: pointer;
  transition:
    background ${(p) => p.theme.transition},
    color ${(p) => p.theme.transition};
  &:hover {
    color: ${(p) => p.theme.colors.text};
  }
  &[data-state='active'] {
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.18);
  }
`;

export const TabsContent = styled(TabsPrimitive.Content)`
  margin-top: 24px;
  &:focus-visible {
    outline-offset: 6px;
  }
`;
