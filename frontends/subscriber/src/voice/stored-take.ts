/**
 * A stored take: a recording stored in the browser (IndexedDB) when cloning it was refused for
 * want of a plan, so it survives the checkout and is offered again when the listener comes
 * back. It is stored for the user who made it only, for a week at most, and dropped once a
 * voice is cloned. The database, store and field names (`kept-take`, `keptAt`) stay as they
 * are: browsers already hold takes under them.
 */
export interface StoredTake {
  userId: string;
  audio: Blob;
  seconds: number;
  keptAt: number;
}

const DATABASE = 'innerecho-voice';
const STORE = 'kept-take';
const KEY = 'take';
const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function storeTake(take: Omit<StoredTake, 'keptAt'>): Promise<void> {
  await withStore('readwrite', (store) => store.put({ ...take, keptAt: Date.now() } satisfies StoredTake, KEY));
}

/** The take this user kept, if there is one and it is recent; an unusable store reads as none. */
export async function findStoredTake(userId: string): Promise<StoredTake | null> {
  try {
    const take = await withStore<StoredTake | undefined>('readonly', (store) => store.get(KEY));
    if (!take || take.userId !== userId || Date.now() - take.keptAt > KEPT_FOR_MS) return null;
    return take;
  } catch (error) {
    console.warn('the kept recording could not be read', error);
    return null;
  }
}

export async function dropStoredTake(): Promise<void> {
  try {
    await withStore('readwrite', (store) => store.delete(KEY));
  } catch (error) {
    console.warn('the kept recording could not be removed', error);
  }
}
