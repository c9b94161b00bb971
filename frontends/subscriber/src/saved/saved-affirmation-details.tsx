import type { AffirmationSessionPartView, SavedAffirmationView } from '@innerecho/contracts';
import { Clock, Gauge, HardDrive, Mic, Music, SlidersHorizontal, X } from 'lucide-react';
import { bareList, Button, formatDuration } from '@innerecho/ui';
import { balanceLabel } from '../generate/balance-control';
import { voiceLabel } from '../generate/generation-api';
import { relativeTime } from './relative-time';

/** '1x', '1.25x', '0.5x': the speed without trailing zeros. */
const speedLabel = (speed: number) => `${Number(speed.toFixed(2))}x speed`;

/** A saved session's affirmations, in order, each with whose speech it was spoken with. */
export function SessionPartsList({ title, parts }: { title: string; parts: AffirmationSessionPartView[] }) {
  return (
    <ol
      aria-label={`Affirmations in ${title}`}
      css={(t) => ({
        margin: 0,
        paddingInlineStart: 22,
        display: 'grid',
        gap: 4,
        fontSize: 15,
        li: { overflowWrap: 'anywhere' },
        'li span': { color: t.colors.textMuted, fontSize: 14 },
      })}
    >
      {parts.map((part, i) => (
        <li key={i}>
          {part.title} <span>· {part.spokenWith === 'own-recording' ? voiceLabel('own') : voiceLabel('cloned')}</span>
        </li>
      ))}
    </ol>
  );
}

export interface SavedAffirmationDetailsProps {
  item: SavedAffirmationView;
  title: string;
  /** The playback speed kept with it. */
  speed: number;
  /** Kept offline on this device. */
  kept: boolean;
  onRemoveOffline: () => void;
}

/** A saved affirmation's details: speed, length, music and balance, whose voice, when it was made, and its offline copy. */
export function SavedAffirmationDetails({ item, title, speed, kept, onRemoveOffline }: SavedAffirmationDetailsProps) {
  const parts = item.sessionParts ?? null;
  return (
    <ul
      aria-label="Details"
      css={(t) => ({
        ...bareList,
        display: 'flex',
        flexWrap: 'wrap',
        gap: '6px 18px',
        fontSize: 14,
        color: t.colors.textMuted,
        li: { display: 'inline-flex', alignItems: 'center', gap: 6 },
      })}
    >
      <li>
        <Gauge size={15} aria-hidden />
        {speedLabel(speed)}
      </li>
      <li>
        <Clock size={15} aria-hidden />
        {formatDuration(item.audioDuration)}
      </li>
      <li>
        <Music size={15} aria-hidden />
        {item.backgroundMusic?.name ?? 'No music'}
      </li>
      {item.backgroundMusic && item.musicBelowVoiceDb !== null ? (
        <li>
          <SlidersHorizontal size={15} aria-hidden />
          {balanceLabel(item.musicBelowVoiceDb)}
        </li>
      ) : null}
      {parts ? null : (
        <li>
          <Mic size={15} aria-hidden />
          {voiceLabel(item.voice)}
        </li>
      )}
      <li css={(t) => ({ color: t.colors.textSubtle })}>Generated {relativeTime(item.createdAt)}</li>
      {kept ? (
        <li>
          <HardDrive size={15} aria-hidden />
          Available offline
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemoveOffline}
            aria-label={`Remove the offline copy of ${title}`}
            css={{ minHeight: 0, padding: '2px 8px' }}
          >
            <X size={14} aria-hidden />
            Remove
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
