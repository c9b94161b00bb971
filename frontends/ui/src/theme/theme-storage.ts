/**
 * Theme preference in localStorage. The shell's index.html carries an inline copy of
 * `applyThemeToDocument` so the stored theme is on <html> before the first paint;
 * keep the key and the attribute names in step with it.
 */
import { baseColors, type ThemeMode } from '@innerecho/design-tokens';

export type { ThemeMode };

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemeMode = 'dark';

export function readStoredTheme(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
  } catch {
    // Storage can be blocked (privacy modes); fall back to the default.
    return DEFAULT_THEME;
  }
}

export function storeTheme(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not persisted, but the page still switches.
  }
}

/** Sets data-theme (the CSS variables key off it), the native color-scheme, and the browser bar's colour. */
export function applyThemeToDocument(mode: ThemeMode): void {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', baseColors[mode].background);
}

/** The theme the inline script already applied, else the stored one. */
export function currentDocumentTheme(): ThemeMode {
  const applied = document.documentElement.dataset.theme;
  return applied === 'light' || applied === 'dark' ? applied : readStoredTheme();
}
