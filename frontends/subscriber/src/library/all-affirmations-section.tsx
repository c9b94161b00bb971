import { useState } from 'react';
import { LIBRARY_CATEGORIES } from '@innerecho/contracts';
import { EmptyState, ErrorState, LinkButton, Tabs, TabsList, TabsTrigger } from '@innerecho/ui';
import { Sparkles } from 'lucide-react';
import { AffirmationCard, AffirmationCardSkeleton, cardGrid } from './affirmation-card';
import { SectionTitle } from './featured-creators-section';
import type { Transcript } from './library-types';

export interface AllAffirmationsSectionProps {
  transcripts: Transcript[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onViewFull: (transcript: Transcript) => void;
}

const FILTERS = ['All', ...LIBRARY_CATEGORIES] as const;

/** Every affirmation, most played first, filtered by category (default All). */
export function AllAffirmationsSection({ transcripts, isLoading, isError, onRetry, onViewFull }: AllAffirmationsSectionProps) {
  const [category, setCategory] = useState<string>('All');
  const shown = (transcripts ?? []).filter((t) => category === 'All' || t.category === category).sort((a, b) => b.playCount - a.playCount);

  return (
    <section
      aria-labelledby="all-affirmations-title"
      css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 20, minWidth: 0 }}
    >
      <SectionTitle
        id="all-affirmations-title"
        title="All Affirmations"
        description="Most played first. Pick one and hear it in your own voice."
      />
      <Tabs value={category} onValueChange={setCategory}>
        <div css={{ overflowX: 'auto', paddingBottom: 4 }}>
          <TabsList aria-label="Categories" css={{ flexWrap: 'nowrap' }}>
            {FILTERS.map((f) => (
              <TabsTrigger key={f} value={f} css={{ whiteSpace: 'nowrap' }}>
                {f}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
      </Tabs>
      {isError ? (
        <ErrorState title="The library could not be loaded" description="Please check your connection and try again." onRetry={onRetry} />
      ) : isLoading ? (
        <div css={cardGrid} aria-busy="true" aria-label="Loading affirmations">
          {Array.from({ length: 6 }, (_, i) => (
            <AffirmationCardSkeleton key={i} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Sparkles size={24} />}
          title="No affirmations found in this category"
          description="Write one in your own words and hear it in your voice."
          action={<LinkButton to="/create-affirmation">Create Your Own</LinkButton>}
        />
      ) : (
        <ul css={{ ...cardGrid, listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((t) => (
            <li key={t.id}>
              <AffirmationCard transcript={t} onViewFull={onViewFull} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
