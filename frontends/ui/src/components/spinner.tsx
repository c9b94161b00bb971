import { keyframes } from '@emotion/react';
import { Loader2 } from 'lucide-react';

const spin = keyframes`to { transform: rotate(360deg); }`;

export interface SpinnerProps {
  size?: number;
}

/** Decorative: the surrounding control carries the accessible state (aria-busy, label). */
export function Spinner({ size = 20 }: SpinnerProps) {
  return <Loader2 size={size} aria-hidden css={{ animation: `${spin} 900ms linear infinite` }} />;
}
