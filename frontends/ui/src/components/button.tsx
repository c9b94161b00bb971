import { css, type SerializedStyles, type Theme } from '@emotion/react';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from '../routing/router';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-height: 36px; padding: 0 14px; font-size: 14px;',
  md: 'min-height: 44px; padding: 0 20px; font-size: 15px;',
  lg: 'min-height: 52px; padding: 0 28px; font-size: 16px;',
  icon: 'width: 40px; height: 40px; padding: 0;',
};

/** Button look, reusable on links that navigate (react-router or full page). */
export function buttonStyles(theme: Theme, { variant = 'primary', size = 'md', fullWidth }: ButtonStyleOptions = {}): SerializedStyles {
  const c = theme.colors;
  const variants: Record<ButtonVariant, string> = {
    primary: `background: ${c.primary}; color: ${c.primaryText}; border-color: transparent;
      &:hover:not(:disabled) { background: ${c.primaryHover}; }`,
    secondary: `background: ${c.accentSoft}; color: ${c.text}; border-color: transparent;
      &:hover:not(:disabled) { background: ${c.surfaceRaised}; border-color: ${c.borderStrong}; }`,
    outline: `background: transparent; color: ${c.text}; border-color: ${c.borderStrong};
      &:hover:not(:disabled) { background: ${c.surfaceSunken}; }`,
    ghost: `background: transparent; color: ${c.textMuted}; border-color: transparent;
      &:hover:not(:disabled) { background: ${c.surfaceSunken}; color: ${c.text}; }`,
    destructive: `background: ${c.danger}; color: ${c.dangerText}; border-color: transparent;
      &:hover:not(:disabled) { filter: brightness(1.06); }`,
  };
  return css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    width: ${fullWidth ? '100%' : 'auto'};
    border: 1px solid transparent;
    border-radius: ${theme.radii.pill};
    font-family: ${theme.fonts.body};
    font-weight: 600;
    line-height: 1.2;
    letter-spacing: 0.005em;
    text-decoration: none;
    white-space: nowrap;
    cursor: pointer;
    user-select: none;
    transition:
      background ${theme.transition},
      border-color ${theme.transition},
      color ${theme.transition},
      transform ${theme.transition};
    ${sizes[size]}
    ${variants[variant]}
    &:active:not(:disabled) {
      transform: translateY(1px);
    }
    &:focus-visible {
      outline: 2px solid ${c.focusRing};
      outline-offset: 3px;
    }
    &:disabled,
    &[aria-disabled='true'] {
      opacity: 0.55;
      cursor: not-allowed;
    }
    & > svg {
      flex-shrink: 0;
    }
  `;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyleOptions & {
    /** Shows a spinner and disables the button; pass the pending label as children. */
    loading?: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({ variant, size, fullWidth, loading, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      css={(theme) => buttonStyles(theme, { variant, size, fullWidth })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : null}
      {children}
    </button>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label'> & {
  /** Icon-only buttons must have an accessible name. */
  'aria-label': string;
  children: ReactNode;
};

export function IconButton({ variant = 'ghost', ...rest }: IconButtonProps) {
  return <Button variant={variant} size="icon" {...rest} />;
}

export type LinkButtonProps = LinkProps & ButtonStyleOptions;

/** In-app navigation that looks like a button. */
export function LinkButton({ variant, size, fullWidth, ...rest }: LinkButtonProps) {
  return <Link css={(theme) => buttonStyles(theme, { variant, size, fullWidth })} {...rest} />;
}

export type AnchorButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyleOptions & { href: string };

/** Full-page navigation (e.g. /api/login) that looks like a button. */
export function AnchorButton({ variant, size, fullWidth, ...rest }: AnchorButtonProps) {
  return <a css={(theme) => buttonStyles(theme, { variant, size, fullWidth })} {...rest} />;
}
