import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normaliseReferralCode, ZCreatorCreateInput, ZCreatorProfileInput, type CreatorProfileView } from '@innerecho/contracts';
import {
  apiQueryKey,
  callApi,
  serverErrorCode,
  serverErrorMessage,
  Field,
  Input,
  Textarea,
  toast,
  validInput,
  FormDialog,
} from '@innerecho/ui';
import { refreshCreatorsWhen } from './creators-query';
import { toastFailure } from './mutation-toasts';

export interface CreatorEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when given: the profile only (email, password and referral code are set at creation). */
  creator: CreatorProfileView | null;
}

const empty = { name: '', bio: '', profilePicUrl: '', youtubeChannel: '', email: '', password: '', referralCode: '' };

export function CreatorEditDialog({ open, onOpenChange, creator }: CreatorEditDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(empty);
  const [codeError, setCodeError] = useState<string | undefined>();
  const set = (key: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => {
    if (!open) return;
    setCodeError(undefined);
    setForm(
      creator
        ? { ...empty, name: creator.name, bio: creator.bio, profilePicUrl: creator.profilePicUrl, youtubeChannel: creator.youtubeChannel }
        : empty,
    );
  }, [open, creator]);

  const save = useMutation({
    mutationFn: () => {
      const profile = {
        name: form.name.trim(),
        bio: form.bio.trim(),
        profilePicUrl: form.profilePicUrl.trim(),
        youtubeChannel: form.youtubeChannel.trim(),
      };
      return creator
        ? callApi('PUT /api/creators/:id', { params: { id: creator.id }, body: profile })
        : callApi('POST /api/creators', {
            body: { ...profile, email: form.email.trim(), password: form.password, referralCode: form.referralCode },
          });
    },
    onSuccess: (saved) => {
      toast({ title: creator ? 'Creator updated' : 'Creator added', variant: 'success' });
      // The library learns about the change from an event a moment later: show the saved
      // profile now, and take the library's list once it shows that profile.
      const profile = {
        id: saved.id,
        name: saved.name,
        bio: saved.bio,
        profilePicUrl: saved.profilePicUrl,
        youtubeChannel: saved.youtubeChannel,
      };
      queryClient.setQueryData(apiQueryKey('GET /api/creators'), (list: CreatorProfileView[] = []) =>
        list.some((c) => c.id === profile.id)
          ? list.map((c) => (c.id === profile.id ? profile : c))
          : [...list, profile].sort((a, b) => a.name.localeCompare(b.name)),
      );
      // The account (sign-in email, referral code) is read again for the table's columns.
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/creator-accounts') });
      void refreshCreatorsWhen(queryClient, (list) =>
        list.some(
          (c) =>
            c.id === profile.id &&
            c.name === profile.name &&
            c.bio === profile.bio &&
            c.profilePicUrl === profile.profilePicUrl &&
            c.youtubeChannel === profile.youtubeChannel,
        ),
      );
      onOpenChange(false);
    },
    onError: (error) => {
      // A taken referral code (or email) is shown next to the field as well as in the toast.
      if (serverErrorCode(error) === 'REFERRAL_CODE_TAKEN') setCodeError(serverErrorMessage(error));
      toastFailure(creator ? 'Could not update the creator' : 'Could not add the creator', error);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!validInput(creator ? ZCreatorProfileInput : ZCreatorCreateInput, form)) return;
    save.mutate();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={creator ? 'Edit Creator' : 'Add Creator'}
      description={
        creator
          ? 'Changes appear on the library and the creator’s page.'
          : 'The creator signs in at /creator-login with this email and password.'
      }
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={creator ? 'Save Changes' : 'Add Creator'}
    >
      <Field htmlFor={`${id}-name`} label="Name">
        <Input id={`${id}-name`} value={form.name} onChange={set('name')} maxLength={80} autoComplete="off" />
      </Field>
      <Field htmlFor={`${id}-bio`} label="Bio">
        <Textarea id={`${id}-bio`} value={form.bio} onChange={set('bio')} rows={3} maxLength={1000} />
      </Field>
      <Field htmlFor={`${id}-pic`} label="Profile picture URL">
        <Input id={`${id}-pic`} type="url" value={form.profilePicUrl} onChange={set('profilePicUrl')} placeholder="https://" />
      </Field>
      <Field htmlFor={`${id}-youtube`} label="YouTube channel">
        <Input
          id={`${id}-youtube`}
          type="url"
          value={form.youtubeChannel}
          onChange={set('youtubeChannel')}
          placeholder="https://www.youtube.com/@channel"
        />
      </Field>
      {creator ? null : (
        <>
          <Field htmlFor={`${id}-email`} label="Email">
            <Input id={`${id}-email`} type="email" value={form.email} onChange={set('email')} autoComplete="off" />
          </Field>
          <Field htmlFor={`${id}-password`} label="Password" hint="At least 8 characters. Share it with the creator privately.">
            <Input
              id={`${id}-password`}
              type="password"
              value={form.password}
              onChange={set('password')}
              autoComplete="new-password"
              aria-describedby={`${id}-password-hint`}
            />
          </Field>
          <Field
            htmlFor={`${id}-code`}
            label="Referral code"
            hint="Lowercase, no spaces: it becomes the creator’s link, ?ref=code."
            error={codeError}
          >
            <Input
              id={`${id}-code`}
              value={form.referralCode}
              onChange={(e) => {
                setCodeError(undefined);
                setForm((f) => ({ ...f, referralCode: normaliseReferralCode(e.target.value) }));
              }}
              maxLength={40}
              autoComplete="off"
              aria-describedby={`${id}-code-hint${codeError ? ` ${id}-code-error` : ''}`}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
