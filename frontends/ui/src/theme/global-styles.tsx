import { Global, css } from '@emotion/react';
import { paletteDeclarations } from '@innerecho/design-tokens';
import { theme } from './theme';

/**
 * Variables for both themes, a small reset and the calm gradient backdrop. Dark is the
 * default, so :root carries the dark values and [data-theme='light'] overrides them.
 */
const globalCss = css`
  :root {
    ${paletteDeclarations('dark')}
    color-scheme: dark;
  }
  :root[data-theme='light'] {
    ${paletteDeclarations('light')}
    color-scheme: light;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-behavior: smooth;
    /* Anchor jumps (View Pricing) land below the sticky header. */
    scroll-padding-top: calc(${theme.headerHeight} + 16px);
  }
  @media (prefers-reduced-motion: reduce) {
    html {
      scroll-behavior: auto;
    }
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${theme.fonts.body};
    font-size: 16px;
    line-height: 1.6;
    color: ${theme.colors.text};
    background-color: ${theme.colors.background};
    background-image:
      radial-gradient(60rem 40rem at 12% -10%, ${theme.colors.backgroundGlowA}, transparent 60%),
      radial-gradient(50rem 36rem at 100% 0%, ${theme.colors.backgroundGlowB}, transparent 60%);
    background-repeat: no-repeat;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }
  h1,
  h2,
  h3,
  h4 {
    font-family: ${theme.fonts.heading};
    font-weight: 560;
    line-height: 1.15;
    letter-spacing: -0.01em;
    margin: 0;
    text-wrap: balance;
  }
  p {
    margin: 0;
    text-wrap: pretty;
  }
  a {
    color: inherit;
  }
  img,
  svg {
    display: block;
    max-width: 100%;
  }
  button,
  input,
  textarea,
  select {
    font: inherit;
    color: inherit;
  }
  :focus-visible {
    outline: 2px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }
  ::selection {
    background: ${theme.colors.accentSoft};
  }
`;

export function GlobalStyles() {
  return <Global styles={globalCss} />;
}
