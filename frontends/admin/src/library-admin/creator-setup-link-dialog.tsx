import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import {
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
import type { AdminCreatorAccount } from './library-admin-types';

export interface CreatorSetupLinkDialogProps {
  creator: AdminCreatorAccount | null;
  onOpenChange: (open: boolean) => void;
}

const formatExpiry = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * A one-time link for the creator to choose their password: made when the admin asks, shown
 * once here to copy and send to the creator's email. A new link replaces the unused older one.
 */
export function CreatorSetupLinkDialog({ creator, onOpenChange }: CreatorSetupLinkDialogProps) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const issue = useMutation({
    mutationFn: (id: string) => callApi('POST /api/creators/:id/setup-link', { params: { id } }),
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
            ? `A link ${creator.name} opens once to choose their password, then signs in at /creator-login with ${creator.email}. Making a new link stops the older one.`
            : ''}
        </DialogDescription>
        {issue.data ? (
          <div css={{ display: 'grid', gap: 10 }}>
            <LinkField id="creator-setup-link" label="Setup link" ref={input} value={issue.data.url} css={{ fontSize: 13 }} />
            <p css={(t) => ({ fontSize: 13.5, color: t.colors.textMuted })}>
              Send it to {creator?.email}. It works once, until {formatExpiry(issue.data.expiresAt)}.
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
              {issue.isPending ? 'Making link...' : 'Make setup link'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
