import { customAffirmationRef, type SavedAffirmationView } from '@innerecho/contracts';
import { useEffect, useState } from 'react';
import { ChevronUp, CloudDownload, Download, Play, Sparkles, Trash2 } from 'lucide-react';
import { AnchorButton, Badge, Button, Card, LinkButton, Spinner, audioFileName, offlineAudioUrl, toast } from '@innerecho/ui';
import { generateAgainPath } from '../generate/generation-api';
import { AddToSessionButton } from '../affirmation-session/add-to-session-button';
import { useOfflineCopies } from '../offline/use-offline-copies';
import { AffirmationPlayer } from '../player/affirmation-player';
import { useSavedSpeed } from './use-saved-speed';
import { RenameSession } from './rename-session';
import { SavedAffirmationDetails, SessionPartsList } from './saved-affirmation-details';

export interface SavedAffirmationItemProps {
  item: SavedAffirmationView;
  /** Sets the item aside for deletion (with a short undo). */
  onDelete: () => void;
}

/**
 * The offline copy of a saved affirmation as a playable blob: address while `wanted`, or null
 * (no offline copy, or not read yet). The address is revoked when no longer wanted.
 */
function useOfflineCopyUrl(userId: string, savedId: string, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let made: string | null = null;
    let current = true;
    void offlineAudioUrl(userId, savedId).then((address) => {
      if (current) setUrl((made = address));
      else if (address) URL.revokeObjectURL(address);
    });
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [userId, savedId, wanted]);
  return url;
}

/** The name a saved affirmation is shown and announced with: a session's name, or the affirmation's title. */
export function savedAffirmationTitle(item: SavedAffirmationView): string {
  if (item.sessionParts) return item.name || `Session of ${item.sessionParts.length} affirmations`;
  return (item.transcript ?? item.customAffirmation)?.title || 'Untitled Affirmation';
}

/**
 * One saved affirmation: what it is, play (streamed with Range, so it seeks) in the shared
 * player at the speed kept with it, and download. The speed can be changed in the open player
 * and is kept again; the player remembers where the listener stopped. Kept offline, it plays
 * from the copy on this device, network or not. "Generate Again" opens its text with the same
 * length, music and balance; Delete sets it aside with a short undo.
 */
export function SavedAffirmationItem({ item, onDelete }: SavedAffirmationItemProps) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useSavedSpeed(item.id, item.voiceSpeed);
  const offline = useOfflineCopies();
  const kept = offline.hasOfflineCopy(item.id);
  const offlineCopyUrl = useOfflineCopyUrl(offline.userId, item.id, kept && playing);
  const keeping = offline.keep.isPending && offline.keep.variables?.id === item.id;
  const text = item.transcript ?? item.customAffirmation;
  const parts = item.sessionParts ?? null;
  const title = savedAffirmationTitle(item);
  const sessionPick = item.transcript
    ? { affirmationId: item.transcript.id, title }
    : item.customAffirmation
      ? { affirmationId: customAffirmationRef(item.customAffirmation.id), title }
      : null;
  const fileName = audioFileName(title);
  const headingId = `saved-${item.id}`;
  const again = generateAgainPath(item);

  return (
    <Card as="li" aria-labelledby={headingId} css={{ display: 'grid', gap: 14 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <div css={{ display: 'grid', gap: 8, minWidth: 0 }}>
          <h3 id={headingId} css={{ fontSize: 19, overflowWrap: 'anywhere' }}>
            {title}
          </h3>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {parts ? <Badge variant="accent">Session</Badge> : <Badge variant="accent">{text?.category || 'Uncategorized'}</Badge>}
            {item.customAffirmation ? <Badge variant="outline">Custom</Badge> : null}
          </div>
        </div>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button
            size="sm"
            variant={playing ? 'secondary' : 'primary'}
            onClick={() => setPlaying((p) => !p)}
            aria-expanded={playing}
            aria-label={`${playing ? 'Hide player for' : 'Play'} ${title}`}
          >
            {playing ? <ChevronUp size={16} aria-hidden /> : <Play size={16} aria-hidden />}
            {playing ? 'Hide' : 'Play'}
          </Button>
          <AnchorButton
            size="sm"
            variant="outline"
            href={`${item.audioFilePath}?download=${encodeURIComponent(fileName.replace(/\.mp3$/, ''))}`}
            download={fileName}
            aria-label={`Download ${title}`}
            onClick={() => toast({ title: 'Downloading' })}
          >
            <Download size={16} aria-hidden />
            Download
          </AnchorButton>
          {offline.available && !kept ? (
            <Button
              size="sm"
              variant="outline"
              disabled={keeping}
              onClick={() => offline.keep.mutate(item)}
              aria-label={`Keep Offline: ${title}`}
            >
              <CloudDownload size={16} aria-hidden />
              {keeping ? 'Keeping…' : 'Keep Offline'}
            </Button>
          ) : null}
          {again ? (
            <LinkButton size="sm" variant="outline" to={again} aria-label={`Generate Again: ${title}`}>
              <Sparkles size={16} aria-hidden />
              Generate Again
            </LinkButton>
          ) : null}
          {sessionPick ? <AddToSessionButton pick={sessionPick} /> : null}
          {parts ? <RenameSession savedId={item.id} name={title} /> : null}
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${title}`}>
            <Trash2 size={16} aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      {parts ? <SessionPartsList title={title} parts={parts} /> : null}
      <SavedAffirmationDetails item={item} title={title} speed={speed} kept={kept} onRemoveOffline={() => offline.remove.mutate(item.id)} />
      {playing && kept && !offlineCopyUrl ? (
        <p role="status" css={(t) => ({ display: 'flex', alignItems: 'center', gap: 8, margin: 0, color: t.colors.textMuted })}>
          <Spinner size={16} />
          Opening the copy on this device…
        </p>
      ) : playing ? (
        <AffirmationPlayer
          src={offlineCopyUrl ?? item.audioFilePath}
          title={title}
          category={text?.category ?? null}
          speed={speed}
          onSpeedChange={setSpeed}
          rememberAs={item.id}
          autoPlay
        />
      ) : null}
    </Card>
  );
}
