import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { collectionSessionPath, type TranscriptView } from '@innerecho/contracts';
import { apiQuery, Badge, CollectionCover, Link, LinkButton, Skeleton, useParams } from '@innerecho/ui';
import { Layers } from 'lucide-react';
import { AffirmationCard } from '../library/affirmation-card';
import { SectionTitle } from '../library/featured-creators-section';
import { FullContentDialog } from '../library/full-content-dialog';
import { LibraryDetailPage } from '../library/library-detail-page';

export type CollectionPageProps = Record<string, never>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * '/collections/:id': a creator's published collection, its affirmations in the creator's
 * order, and "Make it a session". A link to it carries the creator's referral code (?ref=),
 * which the shell's referral capture handles as for any referral link.
 */
export function CollectionPage(_props: CollectionPageProps) {
  const { id = '' } = useParams();
  const collection = useQuery({ ...apiQuery('GET /api/collections/:id', { params: { id } }), retry: false });
  const [open, setOpen] = useState<TranscriptView | null>(null);
  const c = collection.data;

  return (
    <LibraryDetailPage
      query={collection}
      missingTitle="Collection not found"
      missingDescription="Its creator may have taken it down."
      errorTitle="This collection could not be loaded"
      after={<FullContentDialog transcript={open} onOpenChange={(o) => !o && setOpen(null)} />}
    >
      {!c ? (
        <div css={{ display: 'grid', gap: 16 }} aria-busy="true">
          <Skeleton height={160} radius={28} />
          <Skeleton width="50%" height={36} />
          <Skeleton height={120} />
        </div>
      ) : (
        <div css={{ display: 'grid', gap: 40 }}>
          <header
            css={(t) => ({
              display: 'grid',
              gap: 24,
              padding: 24,
              borderRadius: t.radii.xl,
              border: `1px solid ${t.colors.border}`,
              background: t.colors.surface,
              [t.mq.md]: { gridTemplateColumns: '240px minmax(0, 1fr)', alignItems: 'center', padding: 28 },
            })}
          >
            <CollectionCover colour={c.coverColour} height={160} />
            <div css={{ display: 'grid', gap: 12, minWidth: 0 }}>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                <Badge variant="accent">{c.category}</Badge>
                <Badge variant="outline">{count(c.transcripts.length, 'affirmation', 'affirmations')}</Badge>
              </div>
              <h1 css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 'clamp(28px, 5vw, 40px)', margin: 0, lineHeight: 1.15 })}>
                {c.title}
              </h1>
              <p css={(t) => ({ margin: 0, color: t.colors.textMuted })}>
                A collection by{' '}
                <Link to={`/creator/${c.creatorId}`} css={(t) => ({ color: t.colors.text, fontWeight: 600 })}>
                  {c.creatorName}
                </Link>
              </p>
              {c.description ? (
                <p css={(t) => ({ margin: 0, color: t.colors.textMuted, lineHeight: 1.6, maxWidth: 680 })}>{c.description}</p>
              ) : null}
              <div>
                <LinkButton to={collectionSessionPath(c)}>
                  <Layers size={18} aria-hidden />
                  Make it a session
                </LinkButton>
              </div>
            </div>
          </header>
          <section aria-labelledby="collection-affirmations-title" css={{ display: 'grid', gap: 20 }}>
            <SectionTitle
              id="collection-affirmations-title"
              title="In this collection"
              description="In the order the creator chose; a session plays them in this order."
            />
            <ol
              css={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: 16,
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
              }}
            >
              {c.transcripts.map((t, index) => (
                <li key={t.id} aria-label={`${index + 1}. ${t.title}`}>
                  <AffirmationCard transcript={t} onViewFull={setOpen} useLabel="Use in My Voice" />
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </LibraryDetailPage>
  );
}
