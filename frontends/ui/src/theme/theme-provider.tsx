import { ThemeProvider as EmotionThemeProvider } from '@emotion/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { GlobalStyles } from './global-styles';
import { theme } from './theme';
import { applyThemeToDocument, currentDocumentTheme, storeTheme, type ThemeMode } from './theme-storage';

interface ThemeModeContextValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggleMode: () => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

export interface AppThemeProviderProps {
  children: ReactNode;
}

/**
 * Emotion theme, global styles and the light/dark switch. The shell mounts it once;
 * remotes read it through the shared @innerecho/ui and @emotion/react singletons.
 */
export function AppThemeProvider({ children }: AppThemeProviderProps) {
  // The inline script in index.html has already applied the stored theme: start from it.
  const [mode, setModeState] = useState<ThemeMode>(() => currentDocumentTheme());

  const setMode = useCallback((next: ThemeMode) => {
    storeTheme(next);
    applyThemeToDocument(next);
    setModeState(next);
  }, []);

  const value = useMemo<ThemeModeContextValue>(
    () => ({ mode, setMode, toggleMode: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );

  return (
    <ThemeModeContext.Provider value={value}>
      <EmotionThemeProvider theme={theme}>
        <GlobalStyles />
        {children}
      </EmotionThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <AppThemeProvider>');
  return value;
}
