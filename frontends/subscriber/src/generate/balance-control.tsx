import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Headphones } from 'lucide-react';
import { MUSIC_BALANCE_LABELS, MUSIC_BALANCE_STEPS } from '@innerecho/contracts';
import { Button, Field, Slider } from '@innerecho/ui';
import { previewMix } from './generation-api';

export interface BalanceControlProps {
  affirmationId: string;
  musicId: string;
  /** How far the music sits below the voice, in dB (one of MUSIC_BALANCE_STEPS). */
  value: number;
  onValueChange: (db: number) => void;
  disabled?: boolean;
}

/** The balance's name as the page and the saved details say it. */
export const balanceLabel = (db: number) => MUSIC_BALANCE_LABELS[db] ?? MUSIC_BALANCE_LABELS[16];

/**
 * Voice and music balance, from "voice forward" to "music forward" (the middle is the mix as it
 * has always been), with a few seconds' preview rendered by the server's own mixing code.
 */
export function BalanceControl({ affirmationId, musicId, value, onValueChange, disabled }: BalanceControlProps) {
  const index = Math.max(0, (MUSIC_BALANCE_STEPS as readonly number[]).indexOf(value));
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  // A preview belongs to one balance and one track: a change drops it.
  useEffect(() => setPreviewUrl(null), [value, musicId]);

  const preview = useMutation({
    mutationFn: () => previewMix({ affirmationId, musicId, musicBelowVoiceDb: value }),
    onSuccess: (url) => setPreviewUrl(url),
  });

  return (
    <div css={{ display: 'grid', gap: 12 }}>
      <Field
        htmlFor="balance"
        label={
          <span css={{ display: 'flex', justifyContent: 'space-between', gap: 12, width: '100%' }}>
            <span>Voice and Music Balance</span>
            <span css={(t) => ({ color: t.colors.accent })} aria-hidden>
              {balanceLabel(value)}
            </span>
          </span>
        }
      >
        <Slider
          id="balance"
          aria-label="Voice and music balance"
          value={index}
          onValueChange={(i) => onValueChange(MUSIC_BALANCE_STEPS[i] ?? MUSIC_BALANCE_STEPS[2])}
          min={0}
          max={MUSIC_BALANCE_STEPS.length - 1}
          step={1}
          disabled={disabled}
          valueText={balanceLabel(value)}
          marks={[
            { value: 0, label: 'Voice forward' },
            { value: MUSIC_BALANCE_STEPS.length - 1, label: 'Music forward' },
          ]}
        />
      </Field>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
        <Button size="sm" variant="outline" onClick={() => preview.mutate()} loading={preview.isPending} disabled={disabled}>
          {preview.isPending ? null : <Headphones size={16} aria-hidden />}
          {preview.isPending ? 'Mixing a Preview...' : 'Preview the Mix'}
        </Button>
        {previewUrl ? (
          <audio controls autoPlay src={previewUrl} aria-label="Preview of the mix" css={{ flex: '1 1 220px', minWidth: 0, height: 40 }} />
        ) : null}
      </div>
      {preview.isError ? (
        <p role="alert" css={(t) => ({ fontSize: 14, margin: 0, paddingLeft: 10, borderLeft: `3px solid ${t.colors.danger}` })}>
          {preview.error.message || 'The preview could not be made. Please try again.'}
        </p>
      ) : null}
    </div>
  );
}
