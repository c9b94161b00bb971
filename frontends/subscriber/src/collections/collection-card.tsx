import { collectionSessionPath, type CollectionView } from '@innerecho/contracts';
import { Badge, Card, CollectionCover, Link, LinkButton, visuallyHidden } from '@innerecho/ui';
import { Layers } from 'lucide-react';

export interface CollectionCardProps {
  collection: CollectionView;
  /** The creator's name and a link to their page (left out on the creator's own page). */
  showCreator?: boolean;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A creator's published collection: its cover, title, creator and size, and the one click that makes it a session. */
export function CollectionCard({ collection, showCreator = true }: CollectionCardProps) {
  const headingId = `collection-${collection.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} css={{ display: 'flex', flexDirection: 'column', gap: 12, height: '100%' }}>
      <CollectionCover colour={collection.coverColour} height={88} />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Badge variant="accent">{collection.category}</Badge>
        <Badge variant="outline">{count(collection.transcriptIds.length, 'affirmation', 'affirmations')}</Badge>
      </div>
      <h3 id={headingId} css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 20, lineHeight: 1.3, margin: 0 })}>
        <Link
          to={`/collections/${collection.id}`}
          css={(t) => ({ color: t.colors.text, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } })}
        >
          {collection.title}
        </Link>
      </h3>
      {showCreator ? (
        <p css={(t) => ({ margin: 0, fontSize: 14, color: t.colors.textMuted })}>
          By{' '}
          <Link to={`/creator/${collection.creatorId}`} css={(t) => ({ color: t.colors.textMuted })}>
            {collection.creatorName}
          </Link>
        </p>
      ) : null}
      {collection.description ? (
        <p
          css={(t) => ({
            margin: 0,
            color: t.colors.textMuted,
            lineHeight: 1.6,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          })}
        >
          {collection.description}
        </p>
      ) : null}
      <div css={{ flex: 1 }} />
      <div>
        <LinkButton size="sm" to={collectionSessionPath(collection)}>
          <Layers size={16} aria-hidden />
          Make it a session<span css={visuallyHidden}>: {collection.title}</span>
        </LinkButton>
      </div>
    </Card>
  );
}
