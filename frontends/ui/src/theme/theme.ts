import { colorVars } from '@innerecho/design-tokens';

/**
 * The emotion theme. Colours are CSS variable references, so the same object serves
 * both light and dark; the rest are plain design tokens.
 */
export const theme = {
  colors: colorVars,
  fonts: {
    heading: "'Fraunces Variable', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif",
    body: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  radii: { sm: '8px', md: '12px', lg: '18px', xl: '28px', pill: '999px' },
  space: (...steps: number[]) => steps.map((step) => `${step * 4}px`).join(' '),
  maxWidth: '1160px',
  headerHeight: '64px',
  /** Mobile-first breakpoints: styles apply from this width up. */
  mq: {
    sm: '@media (min-width: 640px)',
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
  },
  transition: '160ms cubic-bezier(0.2, 0.8, 0.2, 1)',
} as const;

export type InnerEchoTheme = typeof theme;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends InnerEchoTheme {}
}
