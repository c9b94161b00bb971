import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronUp, Music, Play, Plus, Trash2, Upload } from 'lucide-react';
import {
  bareList,
  apiQuery,
  apiQueryKey,
  callApi,
  Button,
  Card,
  EmptyState,
  formatClock,
  IconButton,
  IconBadge,
  QueryStates,
  SkeletonList,
} from '@innerecho/ui';
import { endpointUrl, type MusicTrackView } from '@innerecho/contracts';
import { TabHeader } from '../library-admin/admin-table';
import { MusicUploadDialog } from '../library-admin/music-upload-dialog';
import { DeleteConfirmDialog, useConfirmedDelete } from '../library-admin/admin-list-tab';

export type MusicTabProps = Record<string, never>;

/** Background music: a card grid of title and m:ss, a preview of each track as uploaded, delete, and the upload dialog. */
export function MusicTab(_props: MusicTabProps) {
  const queryClient = useQueryClient();
  const music = useQuery(apiQuery('GET /api/background-music'));
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const deletion = useConfirmedDelete({
    remove: (m: MusicTrackView) => callApi('DELETE /api/background-music/:id', { params: { id: m.id } }),
    deletedTitle: 'Music deleted',
    failureTitle: 'Could not delete the music',
    onDeleted: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/background-music') }),
  });

  return (
    <section aria-labelledby="music-title">
      <TabHeader
        id="music-title"
        title="Music"
        description="Background tracks listeners can mix under their affirmations."
        action={
          <Button onClick={() => setUploading(true)}>
            <Upload size={16} aria-hidden /> Upload Music
          </Button>
        }
      />
      <QueryStates
        query={music}
        errorTitle="Music could not be loaded"
        loading={<SkeletonList css={grid} count={3} height={96} radius={18} />}
        empty={
          <EmptyState
            icon={<Music size={24} />}
            title="No music yet"
            description="Upload a calm track to offer it under affirmations."
            action={
              <Button onClick={() => setUploading(true)}>
                <Plus size={16} aria-hidden /> Upload Music
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul css={{ ...grid, ...bareList }}>
            {list.map((m) => (
              <li key={m.id}>
                <Card css={{ display: 'grid', gap: 12, padding: 16 }}>
                  <div css={{ display: 'flex', alignItems: 'center', textAlign: 'left', gap: 14, minWidth: 0 }}>
                    <IconBadge corner={12}>
                      <Music size={20} />
                    </IconBadge>
                    <div css={{ flex: 1, minWidth: 0 }}>
                      <h3
                        css={{
                          margin: 0,
                          fontSize: 16,
                          fontWeight: 600,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {m.title}
                      </h3>
                      <p css={(t) => ({ margin: 0, fontSize: 13, color: t.colors.textSubtle, fontVariantNumeric: 'tabular-nums' })}>
                        {formatClock(m.duration)}
                      </p>
                    </div>
                    <IconButton
                      aria-label={previewing === m.id ? `Hide preview of ${m.title}` : `Play preview of ${m.title}`}
                      aria-expanded={previewing === m.id}
                      onClick={() => setPreviewing((id) => (id === m.id ? null : m.id))}
                    >
                      {previewing === m.id ? <ChevronUp size={16} /> : <Play size={16} />}
                    </IconButton>
                    <IconButton aria-label={`Delete ${m.title}`} onClick={() => deletion.ask(m)}>
                      <Trash2 size={16} />
                    </IconButton>
                  </div>
                  {previewing === m.id ? (
                    <audio
                      controls
                      autoPlay
                      preload="metadata"
                      src={endpointUrl('GET /api/background-music/:id/audio', { params: { id: m.id } })}
                      aria-label={`Preview of ${m.title}`}
                      css={{ width: '100%' }}
                    >
                      Your browser does not support the audio element.
                    </audio>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <MusicUploadDialog open={uploading} onOpenChange={setUploading} />
      <DeleteConfirmDialog
        deletion={deletion}
        title="Delete this track?"
        describe={(deleting) =>
          `“${deleting.title}” will no longer be offered as background music. Audio already generated with it is kept.`
        }
      />
    </section>
  );
}

const grid = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' } as const;
