import styled from '@emotion/styled';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { fieldControlStyles } from './form-fields';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** Needed when no <label htmlFor={id}> names the select. */
  'aria-label'?: string;
}

const Trigger = styled(SelectPrimitive.Trigger)`
  ${(p) => fieldControlStyles(p.theme)}
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  text-align: left;
  cursor: pointer;
`;

const Content = styled(SelectPrimitive.Content)`
  z-index: 60;
  overflow: hidden;
  min-width: var(--radix-select-trigger-width);
  max-height: var(--radix-select-content-available-height);
  border-radius: ${(p) => p.theme.radii.md};
  border: 1px solid ${(p) => p.theme.colors.borderStrong};
  background: ${(p) => p.theme.colors.surfaceRaised};
  box-shadow: ${(p) => p.theme.colors.shadow};
`;

const Item = styled(SelectPrimitive.Item)`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 40px;
  padding: 8px 36px 8px 12px;
  border-radius: ${(p) => p.theme.radii.sm};
  font-size: 15px;
  cursor: pointer;
  user-select: none;
  outline: none;
  &[data-highlighted] {
    background: ${(p) => p.theme.colors.accentSoft};
  }
  &[data-disabled] {
    opacity: 0.5;
    pointer-events: none;
  }
`;

/** A Radix select with the field look; `options` keeps call sites short. */
export function Select({ id, value, onValueChange, options, placeholder, disabled, ...aria }: SelectProps) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <Trigger id={id} aria-label={aria['aria-label']}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown size={16} aria-hidden />
        </SelectPrimitive.Icon>
      </Trigger>
      <SelectPrimitive.Portal>
        <Content position="popper" sideOffset={6}>
          <SelectPrimitive.Viewport css={{ padding: 6 }}>
            {options.map((option) => (
              <Item key={option.value} value={option.value}>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator css={{ position: 'absolute', right: 12, display: 'inline-flex' }}>
                  <Check size={16} aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </Item>
            ))}
          </SelectPrimitive.Viewport>
        </Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
