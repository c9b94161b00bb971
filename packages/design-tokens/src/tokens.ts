import baseColors from './base-colors.json';

/** The two themes. */
export type ThemeMode = 'light' | 'dark';

/**
 * Colour tokens per theme. Components never use these hex values directly: they read
 * CSS variables (see `theme.ts`), so switching theme is one attribute on <html> and no
 * React re-render. Text pairs were checked for WCAG AA contrast on their backgrounds.
 */
export interface Palette {
  background: string;
  backgroundGlowA: string;
  backgroundGlowB: string;
  surface: string;
  surfaceRaised: string;
  surfaceSunken: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  textSubtle: string;
  primary: string;
  primaryHover: string;
  primaryText: string;
  accent: string;
  accentSoft: string;
  primarySoft: string;
  danger: string;
  dangerSoft: string;
  dangerText: string;
  success: string;
  successSoft: string;
  focusRing: string;
  overlay: string;
  shadow: string;
  headerBackground: string;
}

export const palettes: Record<ThemeMode, Palette> = {
  dark: {
    background: baseColors.dark.background,
    backgroundGlowA: 'rgba(196, 177, 255, 0.16)',
    backgroundGlowB: 'rgba(242, 184, 128, 0.12)',
    surface: '#17141f',
    surfaceRaised: '#1e1a29',
    surfaceSunken: '#13111b',
    border: '#2b2638',
    borderStrong: '#3d3650',
    text: baseColors.dark.foreground,
    textMuted: '#b9afc4',
    textSubtle: '#958ba3',
    primary: '#f2b880',
    primaryHover: '#f6c797',
    primaryText: '#1c1420',
    accent: '#c4b1ff',
    accentSoft: 'rgba(196, 177, 255, 0.14)',
    primarySoft: 'rgba(242, 184, 128, 0.14)',
    danger: '#ff8f85',
    dangerSoft: 'rgba(255, 143, 133, 0.14)',
    dangerText: '#1c1420',
    success: '#8fdcb0',
    successSoft: 'rgba(143, 220, 176, 0.14)',
    focusRing: '#f2b880',
    overlay: 'rgba(8, 6, 14, 0.72)',
    shadow: '0 1px 2px rgba(0,0,0,0.4), 0 12px 32px rgba(0,0,0,0.35)',
    headerBackground: 'rgba(15, 13, 22, 0.78)',
  },
  light: {
    background: baseColors.light.background,
    backgroundGlowA: 'rgba(107, 79, 176, 0.10)',
    backgroundGlowB: 'rgba(214, 122, 68, 0.12)',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceSunken: '#f3ece3',
    border: '#e8ddd0',
    borderStrong: '#d5c6b5',
    text: baseColors.light.foreground,
    textMuted: '#5c5166',
    textSubtle: '#6d6377',
    primary: '#a3481f',
    primaryHover: '#8e3d19',
    primaryText: '#ffffff',
    accent: '#6b4fb0',
    accentSoft: 'rgba(107, 79, 176, 0.10)',
    primarySoft: 'rgba(163, 72, 31, 0.09)',
    danger: '#b3261e',
    dangerSoft: 'rgba(179, 38, 30, 0.08)',
    dangerText: '#ffffff',
    success: '#1f7a4d',
    successSoft: 'rgba(31, 122, 77, 0.10)',
    focusRing: '#a3481f',
    overlay: 'rgba(36, 28, 44, 0.45)',
    shadow: '0 1px 2px rgba(36,28,44,0.06), 0 12px 32px rgba(36,28,44,0.08)',
    headerBackground: 'rgba(251, 247, 241, 0.82)',
  },
};

const toVarName = (key: string) => `--ie-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `var(--ie-…)` references, one per palette key. */
export const colorVars = Object.fromEntries(Object.keys(palettes.dark).map((key) => [key, `var(${toVarName(key)})`])) as Record<
  keyof Palette,
  string
>;

/** The CSS declarations that define one theme's variables. */
export function paletteDeclarations(mode: ThemeMode): string {
  return Object.entries(palettes[mode])
    .map(([key, value]) => `${toVarName(key)}: ${value};`)
    .join('\n');
}
