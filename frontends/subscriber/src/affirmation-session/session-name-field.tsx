import { useQuery } from '@tanstack/react-query';
import { AFFIRMATION_SESSION_NAME_MAX } from '@innerecho/contracts';
import { apiQuery, Field, Input } from '@innerecho/ui';

/** The name a session gets when the listener gives none: its collection's title, or how many affirmations it holds. */
export function useDefaultSessionName(collectionId: string | null, count: number): string {
  const collection = useQuery({
    ...apiQuery('GET /api/collections/:id', { params: { id: collectionId ?? '' } }),
    enabled: Boolean(collectionId),
  });
  return collection.data?.title ?? `Session of ${count} affirmations`;
}

/** What the listener calls the session ("Morning", "Before sleep"); left empty, it takes the default shown in it. */
export function SessionNameField(props: {
  value: string;
  onValueChange: (value: string) => void;
  defaultName: string;
  disabled?: boolean;
}) {
  return (
    <Field htmlFor="session-name" label="Session Name" hint={`Left empty, it is saved as "${props.defaultName}".`}>
      <Input
        id="session-name"
        value={props.value}
        placeholder={props.defaultName}
        maxLength={AFFIRMATION_SESSION_NAME_MAX}
        disabled={props.disabled}
        onChange={(event) => props.onValueChange(event.target.value)}
      />
    </Field>
  );
}
