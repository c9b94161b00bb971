import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@innerecho/ui';
import { CollectionsSection } from '../collections/collections-section';
import { AllAffirmationsSection } from '../library/all-affirmations-section';
import { FeaturedCreatorsSection } from '../library/featured-creators-section';
import { FullContentDialog } from '../library/full-content-dialog';
import type { TranscriptView } from '@innerecho/contracts';

export type LibraryTabProps = Record<string, never>;

/** The /affirmations library tab: Featured Creators, creators' Collections, then All Affirmations. */
export function LibraryTab(_props: LibraryTabProps) {
  const transcripts = useQuery(apiQuery('GET /api/transcripts'));
  const [open, setOpen] = useState<TranscriptView | null>(null);
  return (
    // minmax(0, 1fr): the category tabs scroll sideways instead of widening the whole column on phones.
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 48 }}>
      <FeaturedCreatorsSection transcripts={transcripts.data} onViewFull={setOpen} />
      <CollectionsSection title="Collections" description="Sets of affirmations creators put in order, ready to play as one session." />
      <AllAffirmationsSection
        transcripts={transcripts.data}
        isLoading={transcripts.isLoading}
        isError={transcripts.isError}
        onRetry={() => void transcripts.refetch()}
        onViewFull={setOpen}
      />
      <FullContentDialog transcript={open} onOpenChange={(o) => !o && setOpen(null)} />
    </div>
  );
}
