import { IconButton, useThemeMode } from '@innerecho/ui';
import { Moon, Sun } from 'lucide-react';

export function ThemeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton aria-label="Toggle theme" title={`Switch to ${next} theme`} onClick={toggleMode}>
      {mode === 'dark' ? <Sun size={19} aria-hidden /> : <Moon size={19} aria-hidden />}
    </IconButton>
  );
}
