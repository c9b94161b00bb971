import { useId } from 'react';
import { History, Play, RotateCcw, Sparkles, Square } from 'lucide-react';
import { VOICE_CONSENT_TEXT } from '@innerecho/contracts';
import { Button } from '@innerecho/ui';

export interface TakeFollowUpProps {
  restored: boolean;
  isPlaying: boolean;
  cloning: boolean;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  onPlay: () => void;
  onReRecord: () => void;
  onClone: () => void;
}

/** What follows a finished take: listen, re-record, the consent box and Clone My Voice. */
export function TakeFollowUp({ restored, isPlaying, cloning, consent, onConsentChange, onPlay, onReRecord, onClone }: TakeFollowUpProps) {
  const consentId = useId();
  return (
    <div css={{ display: 'grid', gap: 18, width: '100%', maxWidth: 460 }}>
      {restored ? (
        <p
          role="status"
          css={(t) => ({
            display: 'flex',
            gap: 10,
            alignItems: 'flex-start',
            textAlign: 'left',
            fontSize: 14,
            padding: '12px 14px',
            borderRadius: t.radii.md,
            background: t.colors.accentSoft,
          })}
        >
          <History size={18} aria-hidden css={{ flexShrink: 0, marginTop: 1 }} />
          We kept the recording you made earlier. Listen to it, then tick the box and clone your voice.
        </p>
      ) : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
        <Button variant="secondary" onClick={onPlay} disabled={cloning}>
          {isPlaying ? <Square size={16} aria-hidden /> : <Play size={16} aria-hidden />}
          {isPlaying ? 'Stop Playback' : 'Listen to Recording'}
        </Button>
        <Button variant="outline" onClick={onReRecord} disabled={cloning}>
          <RotateCcw size={16} aria-hidden />
          Re-record
        </Button>
      </div>
      <label
        htmlFor={consentId}
        css={(t) => ({
          display: 'flex',
          gap: 12,
          alignItems: 'flex-start',
          textAlign: 'left',
          fontSize: 14,
          lineHeight: 1.5,
          padding: '14px 16px',
          borderRadius: t.radii.md,
          border: `1px solid ${consent ? t.colors.primary : t.colors.borderStrong}`,
          background: consent ? t.colors.primarySoft : 'transparent',
          cursor: 'pointer',
          transition: `border-color ${t.transition}, background ${t.transition}`,
        })}
      >
        <input
          id={consentId}
          type="checkbox"
          checked={consent}
          onChange={(event) => onConsentChange(event.target.checked)}
          css={(t) => ({ width: 18, height: 18, marginTop: 2, flexShrink: 0, accentColor: t.colors.primary })}
        />
        <span>{VOICE_CONSENT_TEXT}</span>
      </label>
      <Button size="lg" onClick={onClone} disabled={!consent} loading={cloning} fullWidth>
        {!cloning ? <Sparkles size={18} aria-hidden /> : null}
        {cloning ? 'Cloning Your Voice...' : 'Clone My Voice'}
      </Button>
      {!consent ? (
        <p css={(t) => ({ fontSize: 13, color: t.colors.textSubtle, marginTop: -8 })}>Tick the box above to confirm before cloning.</p>
      ) : null}
    </div>
  );
}
