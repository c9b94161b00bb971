import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { TOAST_DURATION_MS, dismissToast, useToast, type ToastVariant } from './toast-store';

const slideIn = keyframes`
  from { transform: translateY(var(--ie-toast-enter-y)); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`;
const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;
const swipeOut = keyframes`
  from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { transform: translateX(110%); }
`;

/**
 * On phones toasts drop over the header, where they cover no button a listener is about to
 * press (the record and stop controls and the form buttons sit lower); from the md breakpoint
 * they rise in the bottom-right corner, beside the page column.
 */
const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  z-index: 100;
  top: 0;
  right: 0;
  --ie-toast-enter-y: -12px;
  ${(p) => p.theme.mq.md} {
    top: auto;
    bottom: 0;
    padding: 16px;
    --ie-toast-enter-y: 12px;
  }
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  max-width: 420px;
  margin: 0;
  padding: 8px;
  list-style: none;
  outline: none;
`;

const Root = styled(ToastPrimitive.Root, { shouldForwardProp: (prop) => prop !== 'variant' })<{
  variant: ToastVariant;
}>`
  position: relative;
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 12px;
  align-items: start;
  padding: 16px 16px 16px 18px;
  border-radius: ${(p) => p.theme.radii.md};
  border: 1px solid ${(p) => (p.variant === 'destructive' ? p.theme.colors.danger : p.theme.colors.borderStrong)};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  box-shadow: ${(p) => p.theme.colors.shadow};

  &[data-state='open'] {
    animation: ${slideIn} 180ms ease-out;
  }
  &[data-state='closed'] {
    animation: ${fadeOut} 140ms ease-in forwards;
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform 200ms ease-out;
  }
  &[data-swipe='end'] {
    animation: ${swipeOut} 120ms ease-out forwards;
  }
  & > svg {
    margin-top: 2px;
    color: ${(p) =>
      p.variant === 'destructive' ? p.theme.colors.danger : p.variant === 'success' ? p.theme.colors.success : p.theme.colors.accent};
  }
`;

const Title = styled(ToastPrimitive.Title)`
  font-weight: 600;
  font-size: 15px;
`;

const Description = styled(ToastPrimitive.Description)`
  font-size: 14px;
  color: ${(p) => p.theme.colors.textMuted};
`;

const Close = styled(ToastPrimitive.Close)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${(p) => p.theme.radii.sm};
  background: transparent;
  color: ${(p) => p.theme.colors.textSubtle};
  cursor: pointer;
  &:hover {
    color: ${(p) => p.theme.colors.text};
    background: ${(p) => p.theme.colors.surfaceSunken};
  }
`;

const icons = { default: Info, destructive: TriangleAlert, success: CheckCircle2 } as const;

/**
 * The toast region: one toast at a time, 5000 ms auto-dismiss,
 * swipe right past 50 px to dismiss, F8 moves focus to the region.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = icons[variant];
        return (
          <Root
            key={id}
            variant={variant}
            open={open}
            duration={duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
          >
            <Icon size={18} aria-hidden />
            <div>
              {title ? <Title>{title}</Title> : null}
              {description ? <Description>{description}</Description> : null}
            </div>
            <Close aria-label="Dismiss notification">
              <X size={16} aria-hidden />
            </Close>
          </Root>
        );
      })}
      <Viewport hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
