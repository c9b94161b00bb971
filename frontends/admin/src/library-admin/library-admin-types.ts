export interface AdminTranscript {
  id: string;
  title: string;
  content: string;
  category: string;
  playCount: number;
  creatorId: string | null;
}

export interface AdminCreator {
  id: string;
  name: string;
  bio: string;
  profilePicUrl: string;
  youtubeChannel: string;
}

export interface AdminMusicTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
}
