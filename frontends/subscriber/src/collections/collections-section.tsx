import { useQuery } from '@tanstack/react-query';
import { apiQuery, bareList, Skeleton } from '@innerecho/ui';
import { cardGrid } from '../library/affirmation-card';
import { SectionTitle } from '../library/featured-creators-section';
import { CollectionCard } from './collection-card';

export interface CollectionsSectionProps {
  /** Every published collection (the library), or one creator's (their page). */
  creatorId?: string;
  title: string;
  description: string;
}

/** Published collections as cards; nothing at all while there are none (the page reads the same without them). */
export function CollectionsSection({ creatorId, title, description }: CollectionsSectionProps) {
  const everyones = useQuery({ ...apiQuery('GET /api/collections'), enabled: !creatorId });
  const creators = useQuery({
    ...apiQuery('GET /api/creators/:id/collections', { params: { id: creatorId ?? '' } }),
    enabled: Boolean(creatorId),
  });
  const collections = creatorId ? creators : everyones;
  if (collections.isError || (collections.data && collections.data.length === 0)) return null;
  const headingId = creatorId ? 'creator-collections-title' : 'collections-title';
  return (
    <section aria-labelledby={headingId} css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 20, minWidth: 0 }}>
      <SectionTitle id={headingId} title={title} description={description} />
      {collections.data ? (
        <ul css={{ ...cardGrid, ...bareList }}>
          {collections.data.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} showCreator={!creatorId} />
            </li>
          ))}
        </ul>
      ) : (
        <div css={cardGrid} aria-busy="true">
          <Skeleton height={260} radius={18} />
          <Skeleton height={260} radius={18} />
        </div>
      )}
    </section>
  );
}
