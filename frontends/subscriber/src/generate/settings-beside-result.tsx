import type { ReactNode } from 'react';

export interface SettingsBesideResultProps {
  /** The generated audio, once there is some. */
  result: ReactNode;
  /** The two columns on wide screens once the result is there, e.g. '1fr 1.1fr'. */
  columns: string;
  /** The settings' widest width (px) while there is no result yet. */
  settingsMaxWidth: number;
  /** The settings. */
  children: ReactNode;
}

/**
 * A render screen: the settings, and the generated audio beside them on wide screens (under
 * them on phones) once it is made. Until then the settings keep a readable width.
 */
export function SettingsBesideResult({ result, columns, settingsMaxWidth, children }: SettingsBesideResultProps) {
  return (
    <div
      css={(t) => ({
        display: 'grid',
        gap: 24,
        alignItems: 'start',
        [t.mq.lg]: { gridTemplateColumns: result ? columns : `minmax(0, ${settingsMaxWidth}px)` },
      })}
    >
      {children}
      {result}
    </div>
  );
}
