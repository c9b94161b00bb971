import { Global, css } from '@emotion/react';
import frauncesItalicUrl from '@fontsource-variable/fraunces/files/fraunces-latin-wght-italic.woff2';
import frauncesUrl from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2';
import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

// Self-hosted from npm (no font CDN at run time). Latin subset only: the product copy
// is English; other scripts fall back to the system fonts listed in the theme.
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const fontFaces = css`
  @font-face {
    font-family: 'Fraunces Variable';
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${frauncesUrl}) format('woff2-variations');
    unicode-range: ${LATIN};
  }
  @font-face {
    font-family: 'Fraunces Variable';
    font-style: italic;
    font-display: swap;
    font-weight: 100 900;
    src: url(${frauncesItalicUrl}) format('woff2-variations');
    unicode-range: ${LATIN};
  }
  @font-face {
    font-family: 'Inter Variable';
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interUrl}) format('woff2-variations');
    unicode-range: ${LATIN};
  }
`;

export function FontFaces() {
  return <Global styles={fontFaces} />;
}
