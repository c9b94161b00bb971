import { useDeferredValue, useState } from 'react';
import { LIBRARY_CATEGORIES, type TranscriptView } from '@innerecho/contracts';
import { bareList, Button, EmptyState, ErrorState, LinkButton, ScrollRow, SearchInput } from '@innerecho/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui/tabs';
import { Search, Sparkles } from 'lucide-react';
import { AffirmationCard, AffirmationCardSkeleton, cardGrid } from './affirmation-card';
import { SectionTitle } from './featured-creators-section';
import { matchesSearch } from './search-transcripts';

export interface AllAffirmationsSectionProps {
  transcripts: TranscriptView[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onViewFull: (transcript: TranscriptView) => void;
}

const FILTERS = ['All', ...LIBRARY_CATEGORIES] as const;
/**
 * A tab's value names its panel's id (the trigger's aria-controls), and an id holds no
 * spaces: 'Wealth & Success' becomes 'wealth-success'.
 */
const tabValue = (filter: string) => filter.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const filterOf = (value: string) => FILTERS.find((f) => tabValue(f) === value) ?? 'All';
/** Cards shown at first and added by each "Show more". */
export const PAGE_SIZE = 12;

/**
 * Every affirmation, most played first, filtered by category (default All) and by a search
 * over title and text, shown a page at a time. The whole library arrives in one response (it
 * is the same for every visitor, and small), so searching and paging happen here in the page.
 */
export function AllAffirmationsSection({ transcripts, isLoading, isError, onRetry, onViewFull }: AllAffirmationsSectionProps) {
  const [category, setCategory] = useState<string>('All');
  const [query, setQuery] = useState('');
  const [shownCount, setShownCount] = useState(PAGE_SIZE);
  const search = useDeferredValue(query);

  const matching = (transcripts ?? [])
    .filter((t) => (category === 'All' || t.category === category) && matchesSearch(t, search))
    .sort((a, b) => b.playCount - a.playCount);
  const shown = matching.slice(0, shownCount);

  const chooseCategory = (next: string) => {
    setCategory(next);
    setShownCount(PAGE_SIZE);
  };
  const changeQuery = (next: string) => {
    setQuery(next);
    setShownCount(PAGE_SIZE);
  };

  let results;
  if (isError) {
    results = (
      <ErrorState title="The library could not be loaded" description="Please check your connection and try again." onRetry={onRetry} />
    );
  } else if (isLoading) {
    results = (
      <div css={cardGrid} role="status" aria-busy="true" aria-label="Loading affirmations">
        {Array.from({ length: 6 }, (_, i) => (
          <AffirmationCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (matching.length === 0) {
    results = search.trim() ? (
      <EmptyState
        icon={<Search size={24} />}
        title={`No affirmations match “${search.trim()}”`}
        description={
          category === 'All' ? 'Try other words, or write your own.' : `Nothing in ${category} matches. Try All, or other words.`
        }
        action={
          <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
            <Button variant="outline" onClick={() => changeQuery('')}>
              Clear Search
            </Button>
            <LinkButton to="/create-affirmation">Create Your Own</LinkButton>
          </div>
        }
      />
    ) : (
      <EmptyState
        icon={<Sparkles size={24} />}
        title="No affirmations found in this category"
        description="Write one in your own words and hear it in your voice."
        action={<LinkButton to="/create-affirmation">Create Your Own</LinkButton>}
      />
    );
  } else {
    results = (
      <div css={{ display: 'grid', gap: 20 }}>
        <ul css={{ ...cardGrid, ...bareList }}>
          {shown.map((t) => (
            <li key={t.id}>
              <AffirmationCard transcript={t} onViewFull={onViewFull} />
            </li>
          ))}
        </ul>
        {shown.length < matching.length ? (
          <div css={{ display: 'flex', justifyContent: 'center' }}>
            <Button variant="outline" onClick={() => setShownCount((n) => n + PAGE_SIZE)}>
              Show {Math.min(PAGE_SIZE, matching.length - shown.length)} More
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

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
      <SearchInput label="Search affirmations" placeholder="Search titles and words" value={query} onChange={changeQuery} maxWidth={480} />
      <Tabs
        value={tabValue(category)}
        onValueChange={(value) => chooseCategory(filterOf(value))}
        css={{ display: 'grid', gap: 16, minWidth: 0 }}
      >
        <ScrollRow itemsLabel="categories">
          <TabsList aria-label="Categories" css={{ flexWrap: 'nowrap' }}>
            {FILTERS.map((f) => (
              <TabsTrigger key={f} value={tabValue(f)} css={{ whiteSpace: 'nowrap' }}>
                {f}
              </TabsTrigger>
            ))}
          </TabsList>
        </ScrollRow>
        {isLoading || isError ? null : (
          <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            {matching.length === 0
              ? 'No affirmations to show'
              : `Showing ${shown.length} of ${matching.length} ${matching.length === 1 ? 'affirmation' : 'affirmations'}`}
          </p>
        )}
        {FILTERS.map((f) => (
          // Each category tab controls its own panel; only the open one has content.
          <TabsContent key={f} value={tabValue(f)} css={{ marginTop: 0 }}>
            {results}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
