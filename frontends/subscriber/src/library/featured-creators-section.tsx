import { useQuery } from '@tanstack/react-query';
import { bareList, apiQuery, Badge, Button, Card, LinkButton, Skeleton, Link } from '@innerecho/ui';
import { CreatorAvatar } from './creator-avatar';
import { cardActions, playsLabel } from './affirmation-card';
import type { TranscriptView } from '@innerecho/contracts';

export interface FeaturedCreatorsSectionProps {
  transcripts: TranscriptView[] | undefined;
  onViewFull: (transcript: TranscriptView) => void;
}

/** Each creator with up to 3 of their most-played affirmations; creators without any are left out. */
export function FeaturedCreatorsSection({ transcripts, onViewFull }: FeaturedCreatorsSectionProps) {
  // One call for every creator and their figures, asked beside the library's other reads.
  const creators = useQuery(apiQuery('GET /api/featured-creators', { query: { limit: '3' } }));
  const byId = new Map((transcripts ?? []).map((t) => [t.id, t]));
  const featured = (creators.data ?? []).filter((f) => f.analytics.totalAffirmations > 0);

  if (!creators.isLoading && featured.length === 0) return null;
  return (
    <section
      aria-labelledby="featured-creators-title"
      css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 20, minWidth: 0 }}
    >
      <SectionTitle id="featured-creators-title" title="Featured Creators" description="Affirmations written by the people behind them." />
      <ul
        aria-label="Featured creators"
        css={(t) => ({
          ...bareList,
          display: 'grid',
          gap: 16,
          // Phones: one creator at a time, side by side, the next one peeking in to show the row scrolls.
          gridAutoFlow: 'column',
          gridAutoColumns: 'min(85%, 340px)',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollPaddingInline: 2,
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '& > li': { scrollSnapAlign: 'start' },
          [t.mq.md]: {
            gridAutoFlow: 'row',
            gridAutoColumns: 'auto',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
            overflowX: 'visible',
            gap: 20,
          },
        })}
      >
        {creators.isLoading
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <Card aria-hidden css={{ display: 'grid', gap: 14 }}>
                  <div css={{ display: 'flex', gap: 14, alignItems: 'center' }}>
                    <Skeleton width={56} height={56} radius="50%" />
                    <Skeleton width="50%" height={20} />
                  </div>
                  <Skeleton height={14} />
                  <Skeleton height={48} />
                  <Skeleton height={48} />
                </Card>
              </li>
            ))
          : featured.map(({ creator, analytics: a }) => (
              <li key={creator.id} css={{ display: 'flex', minWidth: 0 }}>
                <Card css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 14 }}>
                  <div css={{ display: 'flex', gap: 14, alignItems: 'center' }}>
                    <CreatorAvatar name={creator.name} src={creator.profilePicUrl} />
                    <div css={{ minWidth: 0 }}>
                      <h3 css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 20, margin: 0 })}>
                        <Link
                          to={`/creator/${creator.id}`}
                          css={(t) => ({
                            color: t.colors.text,
                            textDecoration: 'none',
                            '&:hover': { color: t.colors.primary, textDecoration: 'underline' },
                          })}
                        >
                          {creator.name}
                        </Link>
                      </h3>
                      <p css={(t) => ({ margin: 0, fontSize: 13, color: t.colors.textSubtle })}>
                        {a!.totalAffirmations} {a!.totalAffirmations === 1 ? 'affirmation' : 'affirmations'} · {playsLabel(a!.totalPlays)}
                      </p>
                    </div>
                  </div>
                  {creator.bio ? (
                    <p
                      css={(t) => ({
                        margin: 0,
                        color: t.colors.textMuted,
                        lineHeight: 1.6,
                        display: '-webkit-box',
                        WebkitLineClamp: 3,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      })}
                    >
                      {creator.bio}
                    </p>
                  ) : null}
                  <ol css={{ ...bareList, display: 'grid', gap: 10, marginTop: 'auto' }}>
                    {a!.topAffirmations.slice(0, 3).map((top) => {
                      const full = byId.get(top.id);
                      return (
                        <li
                          key={top.id}
                          css={(t) => ({
                            display: 'grid',
                            gap: 8,
                            padding: 12,
                            borderRadius: t.radii.md,
                            background: t.colors.surfaceSunken,
                            border: `1px solid ${t.colors.border}`,
                          })}
                        >
                          <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
                            <span css={{ fontWeight: 600, minWidth: 0 }}>{top.title}</span>
                            {top.playCount > 0 ? <Badge variant="outline">{playsLabel(top.playCount)}</Badge> : null}
                          </div>
                          <div css={{ ...cardActions, marginTop: 0 }}>
                            <Button variant="outline" size="sm" disabled={!full} onClick={() => full && onViewFull(full)}>
                              View Full Content
                            </Button>
                            <LinkButton variant="secondary" size="sm" to={`/generate/${top.id}`}>
                              Use in My Voice
                            </LinkButton>
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                </Card>
              </li>
            ))}
      </ul>
    </section>
  );
}

export function SectionTitle({ id, title, description }: { id: string; title: string; description?: string }) {
  return (
    <div css={{ display: 'grid', gap: 4 }}>
      <h2 id={id} css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 26, margin: 0 })}>
        {title}
      </h2>
      {description ? <p css={(t) => ({ margin: 0, color: t.colors.textMuted })}>{description}</p> : null}
    </div>
  );
}
