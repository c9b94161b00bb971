import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import {
  apiQueryKey,
  callApi,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  LinkField,
  serverErrorMessage,
  toast,
} from '@innerecho/ui';
import type { AdminCreatorAccountView } from '@innerecho/contracts';

export interface CreatorSetupLinkDialogProps {
  creator: AdminCreatorAccountView | null;
  onOpenChange: (open: boolean) => void;
}

const formatExpiry = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** What the admin is told of the creator's current unused link, before sending a new one. */
function currentLinkText(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return 'No unused setup link: the creator has set their password, or no link was sent yet.';
  return new Date(expiresAt).getTime() > now
    ? `The last link sent works until ${formatExpiry(expiresAt)}.`
    : `The last link sent expired unused on ${formatExpiry(expiresAt)}.`;
}

/**
 * A one-time link for the creator to choose their password: mailed to the creator when the
 * admin sends it (and shown here to copy, for another way), with when it stops working; the
 * current link's expiry shows first. A new link replaces the unused older one.
 */
export function CreatorSetupLinkDialog({ creator, onOpenChange }: CreatorSetupLinkDialogProps) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: (id: string) => callApi('POST /api/creators/:id/setup-link', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/creator-accounts') }),
    onError: (error) =>
      toast({ title: 'Could not make a link', description: serverErrorMessage(error) ?? 'Please try again', variant: 'destructive' }),
  });
  const { reset } = issue;

  useEffect(() => {
    if (!creator) {
      reset();
      setCopied(false);
    }
  }, [creator, reset]);

  const copy = async () => {
    const url = issue.data?.url;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    toast({ title: 'Copied!', description: 'Setup link copied to clipboard' });
  };

  return (
    <Dialog open={creator !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Password setup link</DialogTitle>
        <DialogDescription>
          {creator
            ? `A link ${creator.name} opens once to choose their password, then signs in at /creator-login with ${creator.email}. Sending a new link stops the older one.`
            : ''}
        </DialogDescription>
        {creator && !issue.data ? (
          <p role="status" css={(t) => ({ fontSize: 13.5, color: t.colors.textMuted })}>
            {currentLinkText(creator.setupLinkExpiresAt)}
          </p>
        ) : null}
        {issue.data ? (
          <div css={{ display: 'grid', gap: 10 }}>
            <LinkField id="creator-setup-link" label="Setup link" ref={input} value={issue.data.url} css={{ fontSize: 13 }} />
            <p css={(t) => ({ fontSize: 13.5, color: t.colors.textMuted })}>
              Mailed to {creator?.email}. It works once, until {formatExpiry(issue.data.expiresAt)}.
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {issue.data ? (
            <Button onClick={() => void copy()}>
              {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          ) : (
            <Button onClick={() => creator && issue.mutate(creator.id)} disabled={issue.isPending}>
              <KeyRound size={16} aria-hidden />
              {issue.isPending ? 'Sending link...' : creator?.setupLinkExpiresAt ? 'Resend setup link' : 'Send setup link'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
