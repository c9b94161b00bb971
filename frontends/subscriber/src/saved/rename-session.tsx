import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { AFFIRMATION_SESSION_NAME_MAX } from '@innerecho/contracts';
import { Button, callApi, getSessionId, Input, toast } from '@innerecho/ui';
import { savedAffirmationsQueryKey } from '../generate/generation-api';

/** Renames a saved session in place: a Rename button that opens a name field with Save and Cancel. */
export function RenameSession({ savedId, name }: { savedId: string; name: string }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (newName: string) =>
      callApi('PATCH /api/saved-affirmations/:sessionId/:id', {
        params: { sessionId: getSessionId(), id: savedId },
        body: { name: newName },
      }),
    onSuccess: (saved) => {
      setEditing(false);
      toast({ title: 'Session renamed', description: saved.name ?? undefined, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(getSessionId()) });
    },
    onError: (error) => toast({ title: 'Could not rename the session', description: error.message, variant: 'destructive' }),
  });
  if (!editing) {
    return (
      <Button size="sm" variant="ghost" onClick={() => (setValue(name), setEditing(true))} aria-label={`Rename ${name}`}>
        <Pencil size={16} aria-hidden />
        Rename
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) rename.mutate(value.trim());
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Rename ${name}`}
      css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', width: '100%' }}
    >
      <label htmlFor={`rename-${savedId}`} css={{ fontWeight: 600, fontSize: 14 }}>
        New name
      </label>
      <Input
        id={`rename-${savedId}`}
        value={value}
        maxLength={AFFIRMATION_SESSION_NAME_MAX}
        required
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        css={{ flex: '1 1 180px', minWidth: 0 }}
      />
      <Button size="sm" type="submit" loading={rename.isPending} disabled={!value.trim()}>
        Save
      </Button>
      <Button size="sm" variant="ghost" type="button" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
