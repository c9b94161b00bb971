/** What the library API answers (spec section 3). */
export interface Transcript {
  id: string;
  title: string;
  content: string;
  category: string;
  playCount: number;
  creatorId: string | null;
}

export interface CreatorProfile {
  id: string;
  name: string;
  bio: string;
  profilePicUrl: string;
  youtubeChannel: string;
}

export interface CreatorAnalytics {
  totalPlays: number;
  totalAffirmations: number;
  topAffirmations: { id: string; title: string; playCount: number }[];
}
