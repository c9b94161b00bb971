import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, bareList, AnchorButton, Card, EmptyState, ErrorState, Skeleton, useParams } from '@innerecho/ui';
import { Youtube } from 'lucide-react';
import { AffirmationCard, AffirmationCardSkeleton, cardGrid } from '../library/affirmation-card';
import { CollectionsSection } from '../collections/collections-section';
import { CreatorAvatar } from '../library/creator-avatar';
import { SectionTitle } from '../library/featured-creators-section';
import { FullContentDialog } from '../library/full-content-dialog';
import { LibraryDetailPage } from '../library/library-detail-page';
import type { TranscriptView } from '@innerecho/contracts';

export type CreatorProfilePageProps = Record<string, never>;

/** How many of the creator's most played affirmations lead the page (up to 6 may lead it). */
const TOP_COUNT = 3;

/** An average as people read it: whole plays from 10 up ('164'), one decimal below ('2.5'), '0' with nothing to average. */
function formatAverage(total: number, count: number): string {
  if (count <= 0) return '0';
  const average = total / count;
  return average >= 10 ? Math.round(average).toLocaleString('en-US') : String(Number(average.toFixed(1)));
}

/**
 * '/creator/:id': the creator, their numbers, their most played affirmations (shown only when
 * the creator has more than those, so the two lists never repeat each other), then every
 * affirmation from A to Z.
 */
export function CreatorProfilePage(_props: CreatorProfilePageProps) {
  const { id = '' } = useParams();
  const creator = useQuery({ ...apiQuery('GET /api/creators/:id', { params: { id } }), retry: false });
  const analytics = useQuery({
    ...apiQuery('GET /api/creators/:id/analytics', { params: { id }, query: { limit: String(TOP_COUNT) } }),
    enabled: creator.isSuccess,
  });
  const transcripts = useQuery({ ...apiQuery('GET /api/creators/:id/transcripts', { params: { id } }), enabled: creator.isSuccess });
  const [open, setOpen] = useState<TranscriptView | null>(null);

  const byId = new Map((transcripts.data ?? []).map((t) => [t.id, t]));
  const a = analytics.data;
  const average = a ? formatAverage(a.totalPlays, a.totalAffirmations) : '0';
  const alphabetical = [...(transcripts.data ?? [])].sort((x, y) => x.title.localeCompare(y.title, 'en', { sensitivity: 'base' }));

  return (
    <LibraryDetailPage
      query={creator}
      missingTitle="Creator not found"
      missingDescription="This creator may have been removed."
      errorTitle="This creator could not be loaded"
      after={<FullContentDialog transcript={open} onOpenChange={(o) => !o && setOpen(null)} />}
    >
      <div css={{ display: 'grid', gap: 40 }}>
        <header
          css={(t) => ({
            display: 'flex',
            flexWrap: 'wrap',
            gap: 24,
            alignItems: 'center',
            padding: 28,
            borderRadius: t.radii.xl,
            border: `1px solid ${t.colors.border}`,
            background: `linear-gradient(135deg, ${t.colors.primarySoft}, ${t.colors.surface} 60%)`,
          })}
        >
          {creator.data ? (
            <CreatorAvatar name={creator.data.name} src={creator.data.profilePicUrl} size={96} />
          ) : (
            <Skeleton width={96} height={96} radius="50%" />
          )}
          <div css={{ display: 'grid', gap: 10, flex: '1 1 280px', minWidth: 0 }}>
            {creator.data ? (
              <>
                <h1 css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 'clamp(28px, 5vw, 40px)', margin: 0, lineHeight: 1.15 })}>
                  {creator.data.name}
                </h1>
                {creator.data.bio ? (
                  <p css={(t) => ({ margin: 0, color: t.colors.textMuted, lineHeight: 1.6, maxWidth: 680 })}>{creator.data.bio}</p>
                ) : null}
                {creator.data.youtubeChannel ? (
                  <div>
                    <AnchorButton href={creator.data.youtubeChannel} target="_blank" rel="noopener noreferrer" variant="outline" size="sm">
                      <Youtube size={16} aria-hidden /> Visit YouTube Channel
                    </AnchorButton>
                  </div>
                ) : null}
              </>
            ) : (
              <>
                <Skeleton width="40%" height={34} />
                <Skeleton height={16} />
              </>
            )}
          </div>
        </header>

        <CreatorStatistics
          totalPlays={a?.totalPlays ?? null}
          totalAffirmations={a?.totalAffirmations ?? null}
          average={a ? average : null}
        />

        <CollectionsSection
          creatorId={id}
          title="Collections"
          description="Sets of this creator’s affirmations, ready to play as one session."
        />

        {a && a.topAffirmations.length > 0 && a.totalAffirmations > TOP_COUNT ? (
          <section aria-labelledby="top-affirmations-title" css={{ display: 'grid', gap: 20 }}>
            <SectionTitle id="top-affirmations-title" title="Top Affirmations" description="Most played first." />
            <ul css={{ ...cardGrid, ...bareList }}>
              {a.topAffirmations.slice(0, TOP_COUNT).map((top) => {
                const full = byId.get(top.id);
                return full ? (
                  <li key={top.id}>
                    <AffirmationCard transcript={full} onViewFull={setOpen} useLabel="Use in My Voice" showPlays />
                  </li>
                ) : null;
              })}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="creator-affirmations-title" css={{ display: 'grid', gap: 20 }}>
          <SectionTitle
            id="creator-affirmations-title"
            title="All Affirmations"
            description="Every affirmation from this creator, A to Z."
          />
          {transcripts.isLoading || creator.isLoading ? (
            <div css={cardGrid} aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <AffirmationCardSkeleton key={i} />
              ))}
            </div>
          ) : transcripts.isError ? (
            <ErrorState title="Affirmations could not be loaded" onRetry={() => void transcripts.refetch()} />
          ) : (transcripts.data ?? []).length === 0 ? (
            <EmptyState title="No affirmations from this creator yet" />
          ) : (
            <ul css={{ ...cardGrid, ...bareList }}>
              {alphabetical.map((t) => (
                <li key={t.id}>
                  <AffirmationCard transcript={t} onViewFull={setOpen} useLabel="Use in My Voice" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </LibraryDetailPage>
  );
}

/** The creator's numbers: plays, affirmations and plays per affirmation (a placeholder each until they arrive). */
function CreatorStatistics({
  totalPlays,
  totalAffirmations,
  average,
}: {
  totalPlays: number | null;
  totalAffirmations: number | null;
  average: string | null;
}) {
  return (
    <ul
      aria-label="Creator statistics"
      css={{
        ...bareList,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
      }}
    >
      {[
        ['Total Plays', totalPlays?.toLocaleString('en-US') ?? null],
        ['Affirmations', totalAffirmations?.toLocaleString('en-US') ?? null],
        ['Avg. Plays per Affirmation', average],
      ].map(([label, value]) => (
        <li key={label}>
          <Card css={{ display: 'grid', gap: 6 }}>
            <span
              css={(t) => ({
                fontSize: 13,
                fontWeight: 600,
                color: t.colors.textSubtle,
                textTransform: 'uppercase',
                letterSpacing: '0.04em',
              })}
            >
              {label}
            </span>
            {value !== null ? (
              <span css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 34, fontWeight: 600 })}>{value}</span>
            ) : (
              <Skeleton width={80} height={36} />
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
